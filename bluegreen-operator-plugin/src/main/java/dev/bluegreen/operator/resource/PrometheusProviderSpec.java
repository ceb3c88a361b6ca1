package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Required;

import java.util.Objects;

/**
 * An instant PromQL query against a Prometheus HTTP API; {@code {{namespace}}}, {@code {{parent}}},
 * {@code {{color}}} and {@code {{child}}} in the query are replaced by the judged child's values.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class PrometheusProviderSpec {
    @Required private String address;
    @Required private String query;
    private String timeout;

    /** The Prometheus HTTP API base address, e.g. {@code http://prometheus.monitoring:9090}. */
    public String getAddress() {
        return address;
    }

    public void setAddress(String address) {
        this.address = address;
    }

    /**
     * The PromQL query. Its result is a number (scalar), a list of numbers (vector), or a list of
     * all samples (matrix).
     */
    public String getQuery() {
        return query;
    }

    public void setQuery(String query) {
        this.query = query;
    }

    /** A duration bounding one request. {@code null}: 10s. */
    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PrometheusProviderSpec that)) {
            return false;
        }
        return Objects.equals(address, that.address)
                && Objects.equals(query, that.query)
                && Objects.equals(timeout, that.timeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(address, query, timeout);
    }
}
