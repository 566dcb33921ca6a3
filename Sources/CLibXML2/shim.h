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
#include <libxml/globals.h>

/// xmlFree is a C global variable, which Swift 6 rejects; this calls through it.
static inline void liststate_xml_free(void *pointer) {
    xmlFree(pointer);
}

/// A generic error handler that drops the message. Generic handlers are C variadic
/// functions, which Swift cannot define, so it lives here.
static inline void liststate_xml_discard_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// The calling thread's libxml2 error handlers (libxml2 keeps them per thread).
typedef struct {
    xmlGenericErrorFunc generic;
    void *genericContext;
    xmlStructuredErrorFunc structured;
    void *structuredContext;
} liststate_xml_error_handlers;

/// Installs silent handlers on the calling thread and returns the previous ones,
/// so that nothing libxml2 says outside a parser context reaches stderr.
static inline liststate_xml_error_handlers liststate_xml_silence_thread_errors(void) {
    liststate_xml_error_handlers saved;
    saved.generic = xmlGenericError;
    saved.genericContext = xmlGenericErrorContext;
    saved.structured = xmlStructuredError;
    saved.structuredContext = xmlStructuredErrorContext;
    xmlSetGenericErrorFunc(NULL, liststate_xml_discard_generic_error);
    xmlSetStructuredErrorFunc(NULL, NULL);
    return saved;
}

/// Puts back the handlers returned by `liststate_xml_silence_thread_errors`.
static inline void liststate_xml_restore_thread_errors(liststate_xml_error_handlers saved) {
    xmlSetGenericErrorFunc(saved.genericContext, saved.generic);
    xmlSetStructuredErrorFunc(saved.structuredContext, saved.structured);
}

/// The library's version at run time, e.g. "20914" (`xmlParserVersion` is a
/// macro over a per-thread accessor when threads are enabled: Swift cannot import it).
static inline const char *liststate_xml_parser_version(void) {
    return xmlParserVersion;
}
#endif
