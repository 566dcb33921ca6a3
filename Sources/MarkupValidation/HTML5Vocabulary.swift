// What HTML5 knows, as data: elements, attributes, enumerated values, content
// categories. Sources: the WHATWG HTML Living Standard (section numbers below),
// WAI-ARIA 1.2 (states, properties, roles) and the htmx 2 attribute reference.
// The validator's rules read these tables; no element name is spelled in a rule.

/// The element and attribute vocabulary of HTML5 plus ARIA and htmx.
enum HTML5Vocabulary {
    private static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }

    // MARK: Elements (WHATWG HTML §4, index of elements)

    /// Every element of the HTML Living Standard except the obsolete ones.
    static let elements = words(
        """
        a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption
        cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset
        figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins
        kbd label legend li link main map mark math menu meta meter nav noscript object ol optgroup option
        output p picture pre progress q rp rt ruby s samp script search section select slot small source
        span strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr
        track u ul var video wbr selectedcontent
        """)

    /// Obsolete elements (WHATWG HTML §16.2), reported as warnings.
    static let obsoleteElements = words(
        """
        acronym applet basefont bgsound big blink center dir font frame frameset isindex keygen listing
        marquee menuitem multicol nextid nobr noembed noframes param plaintext rb rtc spacer strike tt xmp
        """)

    /// Void elements: no content, no end tag (WHATWG HTML §13.1.2).
    static let voidElements = words("area base br col embed hr img input link meta source track wbr")

    /// Raw text elements: their content is text up to the matching end tag (WHATWG HTML §13.1.2).
    static let rawTextElements = words("script style")

    /// Escapable raw text elements: text with character references, no tags (WHATWG HTML §13.1.2).
    static let escapableRawTextElements = words("textarea title")

    /// Roots of foreign content (SVG, MathML; WHATWG HTML §13.1.2): their descendants are not checked
    /// against the HTML vocabulary.
    static let foreignRoots = words("svg math")

    /// Elements whose end tag may be omitted (WHATWG HTML §13.1.2.4, "Optional tags"): closing them
    /// implicitly is never an error.
    static let optionalEndTag = words(
        """
        html head body li dt dd p rt rp optgroup option colgroup caption thead tbody tfoot tr td th
        """)

    /// Start tags that close an open `p` (WHATWG HTML §13.1.2.4: "A p element's end tag may be omitted
    /// if the p element is immediately followed by ..."). Such an element is flow, not phrasing,
    /// content, so writing it inside `<p>...</p>` is the "block inside p" error.
    static let closesParagraph = words(
        """
        address article aside blockquote details dialog div dl fieldset figcaption figure footer form h1 h2
        h3 h4 h5 h6 header hgroup hr main menu nav ol p pre search section table ul li dd dt center dir
        listing plaintext xmp summary
        """)

    /// Elements that delimit the "button scope" in which an open `p` is looked for
    /// (WHATWG HTML §13.2.4.2).
    static let paragraphScopeBoundaries = words(
        """
        applet caption html table td th marquee object template button svg math
        """)

    /// Elements that may be children of `ol`, `ul` and `menu` (WHATWG HTML §4.4.5-4.4.8).
    static let listChildren = words("li script template")

    /// Elements that hold list items.
    static let listContainers = words("ol ul menu")

    /// The children each table part may have (WHATWG HTML §4.9: the content models of
    /// `table`, `thead`/`tbody`/`tfoot` and `tr`, with script-supporting elements).
    static let tableChildren: [String: Set<String>] = [
        "table": words("caption colgroup thead tbody tfoot tr script template"),
        "thead": words("tr script template"), "tbody": words("tr script template"), "tfoot": words("tr script template"),
        "tr": words("td th script template"),
        "colgroup": words("col template"),
    ]

    /// The parents each table part needs (the same section): outside them the
    /// HTML parser ignores the tag ("in body" insertion mode, §13.2.6.4.7).
    static let tableParentOf: [String: Set<String>] = [
        "tr": words("table thead tbody tfoot"), "td": words("tr"), "th": words("tr"),
        "thead": words("table"), "tbody": words("table"), "tfoot": words("table"),
        "caption": words("table"), "colgroup": words("table"), "col": words("colgroup table"),
    ]

    // MARK: Content categories (WHATWG HTML §3.2.5.2)

    /// Elements whose content model is phrasing content only (WHATWG HTML §3.2.5.2.5
    /// "Phrasing content", and each element's "Content model" line): `p` (§4.4.1), `pre`
    /// (§4.4.3), `h1`-`h6` (§4.3.6), the text-level elements of §4.5 but `a`, `ruby` and
    /// `rp`, `label`, `button`, `output`, `progress`, `meter` (§4.10), plus `legend` and
    /// `summary` (§4.10.16, §4.11.2), which also take heading content. Not `dt` (§4.4.10:
    /// flow content with exceptions) nor `caption`, `figcaption`, `li`, `dd`, `td`, `th`.
    static let phrasingContainers = words(
        """
        p pre h1 h2 h3 h4 h5 h6 em strong small s cite q dfn abbr rt data time code var samp kbd
        sub sup i b u mark bdi bdo span label button output progress meter legend summary
        """)

    /// The phrasing containers that also take heading content (§4.10.16 `legend`, §4.11.2 `summary`).
    static let phrasingAndHeadingContainers = words("legend summary")

    /// Heading content (WHATWG HTML §3.2.5.2.4).
    static let headingContent = words("h1 h2 h3 h4 h5 h6 hgroup")

    /// Flow content that is not phrasing content (WHATWG HTML §3.2.5.2.2 less §3.2.5.2.5),
    /// with the obsolete block elements the parser treats alike (§13.2.6.4.7).
    static let flowOnlyContent = words(
        """
        address article aside blockquote details dialog div dl fieldset figure footer form h1 h2 h3
        h4 h5 h6 header hgroup hr main menu nav ol p pre search section table ul center dir listing
        plaintext xmp
        """)

    /// Elements with a transparent content model (WHATWG HTML §3.2.5.3): their content is
    /// checked against their parent's (`a` §4.5.1, `ins`/`del` §4.7, `noscript` in a body
    /// §4.12.2, `slot` §4.12.4, `canvas` §4.12.5, and `map`, `object`, `audio`, `video` of
    /// §4.8). Autonomous custom elements are transparent too (§4.13).
    static let transparentContent = words("a ins del map object canvas audio video noscript slot")

    /// Elements that are always interactive content (§3.2.5.2.7); `a`, `audio`, `video`, `img`,
    /// `input` and `object` depend on attributes (see `isInteractive`).
    static let interactiveElements = words("button details embed iframe label select textarea")

    /// Elements whose content may not contain interactive content (§4.5.1 `a`, §4.10.6 `button`).
    static let interactiveContainers = words("a button")

    /// Whether an element with these attributes is interactive content (WHATWG HTML §3.2.5.2.7; any
    /// element with `tabindex` counts for the `a`/`button` content models). An `a` without `href`
    /// is not interactive, though it still may not stand inside another `a` (§4.5.1).
    ///
    /// - Parameters:
    ///   - name: The lowercased element name.
    ///   - attributes: The lowercased attribute names and values.
    /// - Returns: Whether it is interactive.
    static func isInteractive(_ name: String, attributes: [String: String]) -> Bool {
        if interactiveElements.contains(name) || attributes["tabindex"] != nil { return true }
        switch name {
        case "a": return attributes["href"] != nil
        case "audio", "video": return attributes["controls"] != nil
        case "img", "object": return attributes["usemap"] != nil
        case "input": return attributes["type"]?.lowercased() != "hidden"
        default: return false
        }
    }

    // MARK: Attributes

    /// Global attributes (WHATWG HTML §3.2.6) plus `role` (WAI-ARIA 1.2 §5.1).
    static let globalAttributes = words(
        """
        accesskey autocapitalize autocorrect autofocus class contenteditable dir draggable enterkeyhint
        hidden id inert inputmode is itemid itemprop itemref itemscope itemtype lang nonce popover slot
        spellcheck style tabindex title translate writingsuggestions role
        """)

    /// Attributes of each element beyond the global ones (WHATWG HTML §4, each element's
    /// "Content attributes").
    static let elementAttributes: [String: Set<String>] = [
        "a": words("href target download ping rel hreflang type referrerpolicy"),
        "area": words("alt coords shape href target download ping rel referrerpolicy"),
        "audio": words("src crossorigin preload autoplay loop muted controls"),
        "base": words("href target"),
        "blockquote": words("cite"),
        "button": words(
            """
            disabled form formaction formenctype formmethod formnovalidate formtarget name popovertarget
            popovertargetaction type value command commandfor
            """),
        "canvas": words("width height"),
        "col": words("span"),
        "colgroup": words("span"),
        "data": words("value"),
        "del": words("cite datetime"),
        "details": words("name open"),
        "dialog": words("open closedby"),
        "embed": words("src type width height"),
        "fieldset": words("disabled form name"),
        "form": words("accept-charset action autocomplete enctype method name novalidate target rel"),
        "html": words("manifest xmlns"),
        "iframe": words("src srcdoc name sandbox allow allowfullscreen width height referrerpolicy loading"),
        "img": words(
            """
            alt src srcset sizes crossorigin usemap ismap width height referrerpolicy decoding loading
            fetchpriority
            """),
        "input": words(
            """
            accept alpha alt autocomplete checked colorspace dirname disabled form formaction formenctype
            formmethod formnovalidate formtarget height list max maxlength min minlength multiple name
            pattern placeholder popovertarget popovertargetaction readonly required size src step type
            value width
            """),
        "ins": words("cite datetime"),
        "label": words("for"),
        "li": words("value"),
        "link": words(
            """
            href crossorigin rel as media hreflang type sizes imagesrcset imagesizes referrerpolicy
            integrity blocking color disabled fetchpriority
            """),
        "map": words("name"),
        "meta": words("name http-equiv content charset media"),
        "meter": words("value min max low high optimum"),
        "object": words("data type name form width height"),
        "ol": words("reversed start type"),
        "optgroup": words("disabled label"),
        "option": words("disabled label selected value"),
        "output": words("for form name"),
        "progress": words("value max"),
        "q": words("cite"),
        "script": words("src type nomodule async defer crossorigin integrity referrerpolicy blocking fetchpriority"),
        "select": words("autocomplete disabled form multiple name required size"),
        "slot": words("name"),
        "source": words("type media src srcset sizes width height"),
        "style": words("media blocking"),
        "td": words("colspan rowspan headers"),
        "template": words("shadowrootmode shadowrootdelegatesfocus shadowrootclonable shadowrootserializable"),
        "textarea": words(
            """
            autocomplete cols dirname disabled form maxlength minlength name placeholder readonly required
            rows wrap
            """),
        "th": words("colspan rowspan headers scope abbr"),
        "time": words("datetime"),
        "track": words("default kind label src srclang"),
        "video": words("src crossorigin poster preload autoplay playsinline loop muted controls width height"),
    ]

    /// ARIA states and properties (WAI-ARIA 1.2 §6.7, plus ARIA 1.3's `aria-description`,
    /// `aria-braillelabel` and `aria-brailleroledescription`, which browsers ship).
    static let ariaAttributes = words(
        """
        aria-activedescendant aria-atomic aria-autocomplete aria-braillelabel aria-brailleroledescription
        aria-busy aria-checked aria-colcount aria-colindex aria-colindextext aria-colspan aria-controls
        aria-current aria-describedby aria-description aria-details aria-disabled aria-dropeffect
        aria-errormessage aria-expanded aria-flowto aria-grabbed aria-haspopup aria-hidden aria-invalid
        aria-keyshortcuts aria-label aria-labelledby aria-level aria-live aria-modal aria-multiline
        aria-multiselectable aria-orientation aria-owns aria-placeholder aria-posinset aria-pressed
        aria-readonly aria-relevant aria-required aria-roledescription aria-rowcount aria-rowindex
        aria-rowindextext aria-rowspan aria-selected aria-setsize aria-sort aria-valuemax aria-valuemin
        aria-valuenow aria-valuetext
        """)

    /// ARIA roles (WAI-ARIA 1.2 §5.4); `doc-*` (DPUB-ARIA) and `graphics-*` (Graphics ARIA) are
    /// accepted by prefix.
    static let ariaRoles = words(
        """
        alert alertdialog application article banner blockquote button caption cell checkbox code
        columnheader combobox complementary contentinfo definition deletion dialog directory document
        emphasis feed figure form generic grid gridcell group heading img insertion link list listbox
        listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter
        navigation none note option paragraph presentation progressbar radio radiogroup region row
        rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript
        superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree
        treegrid treeitem
        """)

    /// htmx attributes (htmx 2 reference, "Attributes"); `hx-on:*` and `hx-on-*` are accepted by prefix.
    static let htmxAttributes = words(
        """
        hx-get hx-post hx-put hx-patch hx-delete hx-trigger hx-target hx-swap hx-swap-oob hx-select
        hx-select-oob hx-push-url hx-replace-url hx-indicator hx-sync hx-vals hx-headers hx-boost
        hx-disabled-elt hx-params hx-include hx-history hx-history-elt hx-preserve hx-confirm hx-prompt
        hx-encoding hx-ext hx-disable hx-disinherit hx-inherit hx-request hx-validate hx-on
        """)

    /// Whether `name` (lowercased) is an attribute `element` takes.
    ///
    /// - Parameters:
    ///   - name: The lowercased attribute name.
    ///   - element: The lowercased element name.
    /// - Returns: Whether HTML, ARIA or htmx defines it for that element.
    static func isKnownAttribute(_ name: String, on element: String) -> Bool {
        if globalAttributes.contains(name) || elementAttributes[element]?.contains(name) == true { return true }
        if name.hasPrefix("data-") { return name.count > 5 }
        if name.hasPrefix("aria-") { return ariaAttributes.contains(name) }
        if name.hasPrefix("hx-") {
            return htmxAttributes.contains(name) || name.hasPrefix("hx-on:") || name.hasPrefix("hx-on-")
        }
        // Event handler content attributes (§8.1.8.2): on + an event name.
        if name.hasPrefix("on"), name.count > 2, name.dropFirst(2).allSatisfy({ $0.isASCII && $0.isLetter }) {
            return true
        }
        return false
    }

    // MARK: Enumerated values

    /// The allowed values of enumerated attributes, keyed by element (`"*"`: any element) then
    /// attribute; values compare ASCII case-insensitively unless listed in `caseSensitiveValues`.
    /// Sources: WHATWG HTML §4 (each attribute's keywords), WAI-ARIA 1.2 §6.7 (`aria-live`: off,
    /// polite, assertive, and the other value types).
    static let enumeratedValues: [String: [String: Set<String>]] = [
        "*": [
            "dir": words("ltr rtl auto"),
            "hidden": ["", "hidden", "until-found"],
            "draggable": words("true false"),
            "spellcheck": ["", "true", "false"],
            "translate": ["", "yes", "no"],
            "contenteditable": ["", "true", "false", "plaintext-only"],
            "popover": ["", "auto", "manual", "hint"],
            "inputmode": words("none text decimal numeric tel search email url"),
            "enterkeyhint": words("enter done go next previous search send"),
            "autocapitalize": words("off none on sentences words characters"),
            "aria-live": words("off polite assertive"),
            "aria-atomic": words("true false"),
            "aria-busy": words("true false"),
            "aria-disabled": words("true false"),
            "aria-modal": words("true false"),
            "aria-multiline": words("true false"),
            "aria-multiselectable": words("true false"),
            "aria-readonly": words("true false"),
            "aria-required": words("true false"),
            "aria-hidden": words("true false undefined"),
            "aria-expanded": words("true false undefined"),
            "aria-selected": words("true false undefined"),
            "aria-checked": words("true false mixed undefined"),
            "aria-pressed": words("true false mixed undefined"),
            "aria-current": words("page step location date time true false"),
            "aria-invalid": words("grammar false spelling true"),
            "aria-haspopup": words("false true menu listbox tree grid dialog"),
            "aria-orientation": words("horizontal vertical undefined"),
            "aria-sort": words("ascending descending none other"),
            "aria-autocomplete": words("inline list both none"),
            "hx-boost": words("true false"),
            "hx-history": words("false"),
            "hx-validate": words("true false"),
        ],
        "button": ["type": words("submit reset button")],
        "input": [
            "type": words(
                """
                hidden text search tel url email password date month week time datetime-local number range
                color checkbox radio file submit image reset button
                """)
        ],
        "img": [
            "loading": words("lazy eager"), "decoding": words("sync async auto"),
            "fetchpriority": words("high low auto"), "crossorigin": ["", "anonymous", "use-credentials"],
        ],
        "iframe": ["loading": words("lazy eager")],
        "script": ["crossorigin": ["", "anonymous", "use-credentials"], "fetchpriority": words("high low auto")],
        "link": ["crossorigin": ["", "anonymous", "use-credentials"], "fetchpriority": words("high low auto")],
        "form": [
            "method": words("get post dialog"), "autocomplete": words("on off"),
            "enctype": words("application/x-www-form-urlencoded multipart/form-data text/plain"),
        ],
        "th": ["scope": words("row col rowgroup colgroup")],
        "ol": ["type": words("1 a A i I")],
        "track": ["kind": words("subtitles captions descriptions chapters metadata")],
        "audio": ["preload": ["", "none", "metadata", "auto"]],
        "video": ["preload": ["", "none", "metadata", "auto"]],
        "textarea": ["wrap": words("soft hard")],
        "area": ["shape": words("circle default poly rect")],
        "template": ["shadowrootmode": words("open closed")],
        "dialog": ["closedby": words("any closerequest none")],
        "meta": [
            "http-equiv": words("content-type default-style refresh x-ua-compatible content-security-policy")
        ],
    ]

    /// Attributes whose keywords are case-sensitive (WHATWG HTML §4.4.5: `ol type`).
    static let caseSensitiveValues: Set<String> = ["ol type"]

    /// The allowed values of an enumerated attribute, or nil when its value is free.
    ///
    /// - Parameters:
    ///   - attribute: The lowercased attribute name.
    ///   - element: The lowercased element name.
    /// - Returns: The allowed values, or nil.
    static func allowedValues(of attribute: String, on element: String) -> Set<String>? {
        enumeratedValues[element]?[attribute] ?? enumeratedValues["*"]?[attribute]
    }

    // MARK: ID references

    /// Attributes whose value is a space-separated list of ids (WHATWG HTML §2.3.9 and the attribute
    /// definitions; WAI-ARIA 1.2 "ID reference list").
    static let idListAttributes = words(
        """
        for aria-controls aria-labelledby aria-describedby aria-owns aria-flowto aria-details headers
        """)

    /// Attributes whose value is a single id (WHATWG HTML; WAI-ARIA 1.2 "ID reference").
    static let idAttributes = words("aria-activedescendant aria-errormessage list form popovertarget commandfor")

    /// htmx attributes whose value is an extended CSS selector; a plain `#id` is resolved
    /// (htmx reference: `hx-target`, `hx-indicator`, `hx-disabled-elt`, `hx-include`).
    static let htmxSelectorAttributes = words("hx-target hx-indicator hx-disabled-elt hx-include")

    /// Attributes whose value is a URL the server itself may have to answer.
    static let routeAttributes = words("href src hx-get hx-post hx-put hx-patch hx-delete action")
}
