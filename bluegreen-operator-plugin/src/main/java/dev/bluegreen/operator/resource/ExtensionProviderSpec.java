package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Required;

import java.util.Map;
import java.util.Objects;

/** A provider added by an extension ({@code BlueGreenExtension.metricProviders()}). */
@JsonIgnoreProperties(ignoreUnknown = true)
public class ExtensionProviderSpec {
    @Required private String name;
    private Map<String, String> parameters;

    /** The provider's name. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Passed to the provider. {@code null}: none. */
    public Map<String, String> getParameters() {
        return parameters;
    }

    public void setParameters(Map<String, String> parameters) {
        this.parameters = parameters;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ExtensionProviderSpec that)) {
            return false;
        }
        return Objects.equals(name, that.name) && Objects.equals(parameters, that.parameters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, parameters);
    }
}
