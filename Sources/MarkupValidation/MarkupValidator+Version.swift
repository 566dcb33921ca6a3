import CLibXML2

extension MarkupValidator {
    /// The version of the libxml2 the validator runs on, from the library at run
    /// time (`xmlParserVersion`, e.g. `20914`), written dotted: `2.9.14`.
    public static var libraryVersion: String {
        guard let version = liststate_xml_parser_version(), let number = Int(String(cString: version)) else { return "unknown" }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
