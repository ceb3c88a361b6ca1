package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.Objects;

/** The provider of one analysis check: exactly one of the fields is set. */
@JsonIgnoreProperties(ignoreUnknown = true)
public class AnalysisProviderSpec {
    private PrometheusProviderSpec prometheus;
    private WebProviderSpec web;
    private FlinkProviderSpec flink;
    private ExtensionProviderSpec extension;

    /** An instant PromQL query. */
    public PrometheusProviderSpec getPrometheus() {
        return prometheus;
    }

    public void setPrometheus(PrometheusProviderSpec prometheus) {
        this.prometheus = prometheus;
    }

    /** A webhook with Flagger's contract: a JSON POST, 2xx passes. */
    public WebProviderSpec getWeb() {
        return web;
    }

    public void setWeb(WebProviderSpec web) {
        this.web = web;
    }

    /** Both children's JobManager REST API. */
    public FlinkProviderSpec getFlink() {
        return flink;
    }

    public void setFlink(FlinkProviderSpec flink) {
        this.flink = flink;
    }

    /** A provider an extension adds ({@code BlueGreenExtension.metricProviders()}). */
    public ExtensionProviderSpec getExtension() {
        return extension;
    }

    public void setExtension(ExtensionProviderSpec extension) {
        this.extension = extension;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AnalysisProviderSpec that)) {
            return false;
        }
        return Objects.equals(prometheus, that.prometheus)
                && Objects.equals(web, that.web)
                && Objects.equals(flink, that.flink)
                && Objects.equals(extension, that.extension);
    }

    @Override
    public int hashCode() {
        return Objects.hash(prometheus, web, flink, extension);
    }
}
