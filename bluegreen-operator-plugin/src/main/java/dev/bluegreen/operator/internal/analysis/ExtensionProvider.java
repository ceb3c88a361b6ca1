package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.extension.ExtensionCalls;
import dev.bluegreen.operator.resource.ExtensionProviderSpec;

import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The {@code extension} provider: calls the {@link MetricProvider} an extension registered under
 * the check's {@code name}, with the check's {@code parameters}, bounded like every other extension
 * call ({@link ExtensionCalls}: at most one call per resource at a time). An unknown name, an
 * exception, a timeout or an interrupt is a {@link ProviderException} with the reason; the value
 * (also {@code null}) is the result. No request of its own. Thread-safe.
 */
final class ExtensionProvider {
    private final Map<String, MetricProvider> providers;
    private final ExtensionCalls calls;

    /**
     * @param providers the loaded extensions' providers by name
     */
    ExtensionProvider(Map<String, MetricProvider> providers, ExtensionCalls calls) {
        this.providers = Map.copyOf(providers);
        this.calls = calls;
    }

    /** The provider's value. */
    Reading read(ExtensionProviderSpec spec, MetricRequest request) {
        String name = Fields.required("extension.name", spec.getName());
        MetricProvider provider = provider(name);
        MetricRequest withParameters =
                new MetricRequest(
                        request.namespace(),
                        request.parent(),
                        request.stage(),
                        request.candidate(),
                        request.candidateChild(),
                        request.incumbentChild(),
                        spec.getParameters());
        String resource = request.namespace() + "/" + request.parent();
        try {
            Optional<Object> value =
                    calls.call(
                            resource,
                            "metric provider '" + name + "'",
                            () -> Optional.ofNullable(provider.measure(withParameters)));
            return Reading.of(value.orElse(null), 0);
        } catch (RuntimeException e) {
            throw new ProviderException(e.getMessage(), e);
        }
    }

    private MetricProvider provider(String name) {
        MetricProvider provider = providers.get(name);
        if (provider == null) {
            throw new ProviderException(
                    "extension.name: no loaded extension provides metric provider '"
                            + name
                            + "' (loaded: "
                            + String.join(", ", new TreeSet<>(providers.keySet()))
                            + ")");
        }
        return provider;
    }
}
