// libxml2 for Swift. https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
// Importing Foundation and libxml2's ICU headers together breaks the build
// ("'UErrorCode' has different definitions in different modules"): the version
// header comes first, then ICU is switched off for the rest.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

/// xmlFree is a C global variable, which Swift 6 rejects; this calls through it.
static inline void liststate_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
