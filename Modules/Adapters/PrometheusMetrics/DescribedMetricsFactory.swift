import CoreMetrics
import Prometheus
import SyncAuthority

/// swift-metrics' factory on a Prometheus registry that gives every figure its help text
/// and buckets from a catalog. swift-prometheus's own `PrometheusMetricsFactory` leaves
/// out `# HELP` (swift-metrics has no place for it), which `promtool check metrics` counts
/// as a fault, and takes buckets only per name in tables of its own.
struct DescribedMetricsFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    private let definitions: [String: MetricDefinition]

    init(registry: PrometheusCollectorRegistry, catalog: [MetricDefinition]) {
        self.registry = registry
        definitions = Dictionary(catalog.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name and help of `label`; a label no catalog describes (none today) is still
    /// exported, with a help line that says so.
    private func descriptor(_ label: String) -> MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: label, unitName: "", helpText: definitions[label]?.help ?? "\(label), which the catalog does not describe.")
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: descriptor(label), labels: dimensions) }
        var buckets: [Double] = SyncMetrics.batchBuckets
        if case .valueHistogram(let described) = definitions[label]?.kind { buckets = described }
        return registry.makeValueHistogram(descriptor: descriptor(label), labels: dimensions, buckets: buckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: descriptor(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        var buckets = SyncMetrics.latencyBuckets
        if case .durationHistogram(let described) = definitions[label]?.kind { buckets = described }
        return registry.makeDurationHistogram(descriptor: descriptor(label), labels: dimensions, buckets: buckets)
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
        if let histogram = handler as? ValueHistogram { registry.unregisterValueHistogram(histogram) }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
