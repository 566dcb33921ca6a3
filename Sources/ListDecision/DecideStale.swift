/// The decision for rows kept from before, shown because the source cannot answer now:
/// the fresh rows' decision, marked. A source that is not ok, or a request that is not valid,
/// has no rows to show, so it decides as it would without them.
func decideStale(_ snapshot: ListSnapshot, since: Int) -> Decision {
    var fresh = snapshot
    fresh.staleSince = nil
    var decision = decide(fresh)
    guard snapshot.source.isOK, snapshot.request == .valid, !snapshot.isPending else { return decision }
    decision.staleSince = since
    decision.announcements.insert(.stale(since: since), at: 0)
    return decision
}
