package dev.bluegreen.core.analysis;

/**
 * A source of analysis measurements that an extension adds next to the built-in {@code prometheus},
 * {@code web} and {@code flink} providers. A check selects it with {@code provider: {extension:
 * {name: <name>, parameters: {...}}}}; the name is the key under which {@code
 * BlueGreenExtension.metricProviders()} returns it.
 *
 * <p>Called on controller threads, possibly concurrently for different resources, with the same
 * time bound and containment as other extension calls: an exception, a timeout or an interrupt is
 * an {@link MeasurementPhase#ERROR} measurement with the exception's text.
 */
@FunctionalInterface
public interface MetricProvider {
    /**
     * Takes one measurement.
     *
     * @return what the check's conditions see as {@code result}: a {@code Number}, {@code String},
     *     {@code Boolean}, a {@code List} or a {@code Map<String, ?>} of these, or {@code null}
     * @throws Exception when no measurement could be taken (an error measurement)
     */
    Object measure(MetricRequest request) throws Exception;
}
