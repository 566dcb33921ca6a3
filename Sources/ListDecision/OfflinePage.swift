/// Decides the offline page (`/-/offline`): the page a service worker shows
/// for a navigation that got no response at all.
///
/// It is the `offline` placeholder forced into view with no rows (row 9 of the
/// table, `forceDisplay(offline)`, on a page that has no list). The server never
/// answers a list request with "offline" (C-12); this page is fetched while
/// online and kept by the service worker for the moment the network is gone,
/// so its status is 200 and it announces nothing (the client announces being
/// offline when it shows the page).
///
/// - Returns: The offline placeholder, no footer, status 200.
public func decideOfflinePage() -> Decision {
    Decision(
        body: .placeholder(.offline), footer: .none, status: 200,
        announcements: [],
        rule: .forced
    )
}
