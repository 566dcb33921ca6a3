/// An ``AsyncRowSource`` that is a gateway to another service (an upstream API declared in
/// the configuration): a read still running at its deadline is that service's silence, a
/// gateway time-out (504 with `Retry-After`), not a source over its time limit (503).
package protocol GatewayRowSource: AsyncRowSource {}
