// libxml2's HTML parser, wrapped for the validator: parse bytes, collect the
// parser's structured errors, and read text back out of the tree.
// https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-HTMLparser.html
import CLibXML2

/// One error libxml2 raised while parsing.
struct LibXML2Issue: Sendable, Equatable {
    /// The `xmlParserErrors` code (801 is `XML_HTML_UNKNOWN_TAG`, 42 `XML_ERR_ATTRIBUTE_REDEFINED`).
    var code: Int32
    /// The 1-based line libxml2 reports.
    var line: Int
    /// The 1-based column libxml2 reports (the parser's position when it noticed).
    var column: Int
    /// The error's first string argument: the tag or attribute name for 801 and 42.
    var name: String?
    /// libxml2's message, without the trailing newline.
    var message: String
}

/// What one libxml2 parse produced.
struct LibXML2Result: Sendable {
    /// The errors, in the order raised.
    var issues: [LibXML2Issue]
    /// The text content of `body` in the parsed tree (character references decoded), if any.
    var bodyText: String?
}

/// libxml2's HTML parser with per-context error capture.
///
/// Thread safety: every parse has its own parser context whose SAX handler carries a
/// structured error handler (`sax->serror`, which libxml2 2.9.14 only honours when
/// `sax->initialized == XML_SAX2_MAGIC`), so concurrent parses never share a handler. The
/// thread's own (thread-local) generic and structured handlers are silenced for the duration of
/// the parse and put back afterwards, so nothing reaches stderr and no earlier setting leaks in
/// or out. `xmlInitParser` runs once, before the first parse.
enum LibXML2Parser {
    /// Error codes used by the validator (libxml2's `xmlParserErrors`).
    enum Code {
        /// `XML_HTML_UNKNOWN_TAG`: "Tag X invalid" (every HTML5 element, since the parser is HTML 4).
        static let unknownTag: Int32 = 801
        /// `XML_ERR_ATTRIBUTE_REDEFINED`: "Attribute X redefined".
        static let attributeRedefined: Int32 = 42
        /// `XML_ERR_INVALID_CHAR`, `XML_ERR_INVALID_ENCODING`: bytes that are not UTF-8.
        static let encodingErrors: Set<Int32> = [9, 81]
    }

    private static let isInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Collects the errors of one parse; reached from the C callback through the context's `_private`.
    private final class IssueSink {
        var issues: [LibXML2Issue] = []
    }

    /// Parses `bytes` as an HTML document (UTF-8, no network access) and returns libxml2's errors.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - readsBodyText: Whether to return the text content of `body`.
    /// - Returns: The errors raised, and the body text when asked for.
    /// - Complexity: O(n) in the length of the input.
    static func parse(_ bytes: [UInt8], readsBodyText: Bool = false) -> LibXML2Result {
        _ = isInitialized
        let savedHandlers = liststate_xml_silence_thread_errors()
        defer { liststate_xml_restore_thread_errors(savedHandlers) }

        guard let context = htmlNewParserCtxt() else {
            return LibXML2Result(issues: [], bodyText: nil)
        }
        defer { htmlFreeParserCtxt(context) }
        let sink = IssueSink()
        return withExtendedLifetime(sink) {
            context.pointee._private = Unmanaged.passUnretained(sink).toOpaque()
            if let sax = context.pointee.sax {
                sax.pointee.initialized = XML_SAX2_MAGIC
                sax.pointee.serror = { userData, error in
                    // For parser errors libxml2 passes the parser context as userData.
                    guard let userData, let error else { return }
                    let context = userData.assumingMemoryBound(to: htmlParserCtxt.self)
                    guard let sinkPointer = context.pointee._private else { return }
                    let sink = Unmanaged<IssueSink>.fromOpaque(sinkPointer).takeUnretainedValue()
                    let issue = error.pointee
                    var message = issue.message.map { String(cString: $0) } ?? ""
                    while message.last?.isNewline == true { message.removeLast() }
                    sink.issues.append(
                        LibXML2Issue(
                            code: issue.code, line: Int(issue.line), column: Int(issue.int2),
                            name: issue.str1.map { String(cString: $0) }, message: message))
                }
            }
            let options = Int32(
                bitPattern: HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                    | HTML_PARSE_NONET.rawValue)
            let document = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                        htmlCtxtReadMemory(context, characters, Int32(buffer.count), nil, "UTF-8", options)
                    }
                }
            }
            var bodyText: String?
            if let document {
                if readsBodyText { bodyText = text(ofBodyIn: document) }
                xmlFreeDoc(document)
            }
            return LibXML2Result(issues: sink.issues, bodyText: bodyText)
        }
    }

    private static func text(ofBodyIn document: htmlDocPtr) -> String? {
        var node = xmlDocGetRootElement(document)?.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE, let name = current.pointee.name,
                String(cString: name) == "body"
            {
                guard let content = xmlNodeGetContent(current) else { return nil }
                defer { liststate_xml_free(content) }
                return String(cString: content)
            }
            node = current.pointee.next
        }
        return nil
    }
}
