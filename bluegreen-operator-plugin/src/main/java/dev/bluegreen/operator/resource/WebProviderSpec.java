package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;

import java.util.Map;
import java.util.Objects;

/**
 * A webhook with Flagger's contract: a JSON POST naming the resource, the namespace, the phase, the
 * colours and the children; a response status of 2xx passes the measurement, anything else fails
 * it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class WebProviderSpec {
    /** The most further attempts ({@code retries}). */
    public static final int WEB_RETRIES_MAX = 10;

    @Required private String url;
    private String timeout;

    @Min(0)
    @Max(WEB_RETRIES_MAX)
    private Integer retries;

    private String headersSecretRef;
    private Map<String, String> metadata;

    /** The webhook address (http or https). */
    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    /** A duration bounding one attempt. {@code null}: 10s. */
    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    /** Further attempts after a connection error or a 5xx response (not 501). {@code null}: 0. */
    public Integer getRetries() {
        return retries;
    }

    public void setRetries(Integer retries) {
        this.retries = retries;
    }

    /**
     * The name of a Secret in the resource's namespace whose entries are sent as headers. {@code
     * null}: none.
     */
    public String getHeadersSecretRef() {
        return headersSecretRef;
    }

    public void setHeadersSecretRef(String headersSecretRef) {
        this.headersSecretRef = headersSecretRef;
    }

    /** Sent as the payload's {@code metadata}. {@code null}: none. */
    public Map<String, String> getMetadata() {
        return metadata;
    }

    public void setMetadata(Map<String, String> metadata) {
        this.metadata = metadata;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof WebProviderSpec that)) {
            return false;
        }
        return Objects.equals(url, that.url)
                && Objects.equals(timeout, that.timeout)
                && Objects.equals(retries, that.retries)
                && Objects.equals(headersSecretRef, that.headersSecretRef)
                && Objects.equals(metadata, that.metadata);
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, timeout, retries, headersSecretRef, metadata);
    }
}
