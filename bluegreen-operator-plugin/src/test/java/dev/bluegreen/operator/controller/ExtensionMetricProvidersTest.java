package dev.bluegreen.operator.controller;

import dev.bluegreen.core.analysis.MetricProvider;
import dev.bluegreen.core.extension.BlueGreenExtension;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The extensions' metric providers, gathered by name for the analysis checks. */
class ExtensionMetricProvidersTest {
    static BlueGreenExtension offering(String extension, String... providers) {
        return new BlueGreenExtension() {
            @Override
            public String name() {
                return extension;
            }

            @Override
            public Map<String, MetricProvider> metricProviders() {
                var offered = new java.util.HashMap<String, MetricProvider>();
                for (String provider : providers) {
                    offered.put(provider, request -> provider);
                }
                return offered;
            }
        };
    }

    @Test
    void everyExtensionsProvidersAreOfferedByName() {
        var extensions =
                Extensions.of(
                        offering("a", "lag", "errors"), offering("b", "smoke"), offering("c"));

        assertThat(extensions.metricProviders()).containsOnlyKeys("lag", "errors", "smoke");
        assertThat(Extensions.none().metricProviders()).isEmpty();
    }

    @Test
    void twoExtensionsAddingOneProviderNameAreRefusedNamingBoth() {
        var extensions = Extensions.of(offering("a", "lag"), offering("b", "lag"));

        assertThatThrownBy(extensions::metricProviders)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("extensions 'a' and 'b' both add the metric provider 'lag'");
    }
}
