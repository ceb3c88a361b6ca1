package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The preview of the incoming child through the parent {@code HTTPRoute} ({@code
 * spec.httpRoute.preview}): while a transition is in flight and the incoming child's job runs,
 * requests carrying {@link #getHeader() header} or under {@link #getPathPrefix() pathPrefix} reach
 * it instead of the active child. Exactly one of the two is set.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class HttpRoutePreviewSpec {
    private PreviewHeaderSpec header;
    private String pathPrefix;

    /** Preview for requests carrying this header, or {@code null}. */
    public PreviewHeaderSpec getHeader() {
        return header;
    }

    public void setHeader(PreviewHeaderSpec header) {
        this.header = header;
    }

    /**
     * Preview under this path prefix (e.g. {@code /preview}, replaced by {@code /} before the
     * request reaches the child), or {@code null}.
     */
    public String getPathPrefix() {
        return pathPrefix;
    }

    public void setPathPrefix(String pathPrefix) {
        this.pathPrefix = pathPrefix;
    }
}
