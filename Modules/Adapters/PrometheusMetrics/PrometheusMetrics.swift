import Prometheus
import SyncAuthority

/// The figures of `moments serve` in Prometheus's text format: a registry of its own per
/// server, described by ``SyncAuthority/SyncMetrics/catalog``, scraped at `GET /metrics`
/// (ADR 0034).
///
/// Nothing is bootstrapped globally (swift-metrics' `MetricsSystem` is left alone): the
/// factory goes to the one server that asked for it, so the embedded server of a
/// `moments start`, which asks for none, makes no registry and records nothing.
public enum PrometheusMetrics {
    /// A server's figures, on a new registry.
    public static func make() -> SyncMetrics {
        let registry = PrometheusCollectorRegistry()
        let factory = DescribedMetricsFactory(registry: registry, catalog: SyncMetrics.catalog)
        return SyncMetrics(factory: factory, exposition: { registry.emitToBuffer() })
    }
}
