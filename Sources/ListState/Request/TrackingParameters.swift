/// The parameters that links carry for analytics, ignored silently where any other
/// parameter that names no column is noted on the page (``TableRequest/ignored``):
/// `utm_*` (Google Analytics' campaign tags) and the click identifiers of Facebook
/// (`fbclid`), Google (`gclid`, `dclid`, `gbraid`, `wbraid`, `_ga`, `_gl`), Microsoft
/// (`msclkid`), Yandex (`yclid`), X (`twclid`), TikTok (`ttclid`), Instagram (`igshid`),
/// LinkedIn (`li_fat_id`), Mailchimp (`mc_cid`, `mc_eid`), HubSpot (`_hsenc`, `_hsmi`)
/// and Marketo (`mkt_tok`).
enum TrackingParameters {
    static let names: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "_ga", "_gl", "msclkid", "yclid", "twclid", "ttclid", "igshid",
        "li_fat_id", "mc_cid", "mc_eid", "_hsenc", "_hsmi", "mkt_tok",
    ]

    /// Whether `name` is a tracking parameter.
    static func isTracking(_ name: String) -> Bool {
        name.hasPrefix("utm_") || names.contains(name)
    }
}
