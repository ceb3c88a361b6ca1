package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.HttpRouteSpec;
import dev.bluegreen.ingress.HttpRouteSpec.GatewayRef;
import dev.bluegreen.ingress.HttpRouteSpec.PreviewMatch;
import dev.bluegreen.operator.resource.GatewayParentRef;
import dev.bluegreen.operator.resource.HttpRoutePreviewSpec;
import dev.bluegreen.operator.resource.ParentHttpRouteSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code spec.httpRoute} into bluegreen-ingress's {@link HttpRouteSpec}, whose validation
 * names the field; every message here is prefixed with {@link #FIELD}. Stateless.
 */
public final class RouteSpecs {
    /** The field of the parent HTTPRoute. */
    public static final String FIELD = "spec.httpRoute";

    private RouteSpecs() {}

    /**
     * The route spec of {@code route}.
     *
     * @throws IllegalArgumentException with a message {@code spec.httpRoute.<field>: <problem>}
     */
    public static HttpRouteSpec read(ParentHttpRouteSpec route) {
        try {
            return new HttpRouteSpec(
                    gateways(route.getParentRefs()),
                    route.getHostnames(),
                    route.getPath() == null ? HttpRouteSpec.ROOT : route.getPath(),
                    preview(route.getPreview()),
                    route.getLabels(),
                    route.getAnnotations());
        } catch (IllegalArgumentException | NullPointerException e) {
            String message = String.valueOf(e.getMessage()).replace(" == null", ": required");
            throw new IllegalArgumentException(FIELD + "." + message, e);
        }
    }

    /** Whether {@code route} asks for a preview rule. */
    public static boolean previewOn(ParentHttpRouteSpec route) {
        return route != null && route.getPreview() != null;
    }

    private static List<GatewayRef> gateways(List<GatewayParentRef> refs) {
        if (refs == null) {
            return null;
        }
        var result = new ArrayList<GatewayRef>();
        for (int i = 0; i < refs.size(); i++) {
            result.add(gateway(refs.get(i), i));
        }
        return result;
    }

    /** {@code parentRefs[i]}; a problem names its index. */
    private static GatewayRef gateway(GatewayParentRef ref, int i) {
        if (ref == null) {
            throw new IllegalArgumentException("parentRefs[" + i + "]: required");
        }
        try {
            return new GatewayRef(ref.getName(), ref.getNamespace(), ref.getSectionName());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(
                    String.valueOf(e.getMessage())
                            .replace("parentRefs.", "parentRefs[" + i + "].")
                            .replace(" == null", ": required"),
                    e);
        }
    }

    /** The preview match; the default header when preview is off (then it is never used). */
    private static PreviewMatch preview(HttpRoutePreviewSpec preview) {
        if (preview == null) {
            return PreviewMatch.defaultHeader();
        }
        boolean header = preview.getHeader() != null;
        boolean path = preview.getPathPrefix() != null;
        if (header == path) {
            throw new IllegalArgumentException(
                    "preview: set exactly one of header and pathPrefix, got "
                            + (header ? "both" : "neither"));
        }
        if (path) {
            return new PreviewMatch.PathPrefix(preview.getPathPrefix());
        }
        var h = preview.getHeader();
        return new PreviewMatch.Header(
                h.getName() == null ? PreviewMatch.DEFAULT_HEADER : h.getName(),
                h.getValue() == null ? "true" : h.getValue());
    }
}
