package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.spec.RouteIntent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * Converges the parent Gateway API {@code HTTPRoute} to a {@link RouteIntent}, starting from the
 * live route the caller read from its informer cache (so the steady state sends nothing): created
 * when missing, PUT with the live {@code resourceVersion} when its spec, owner or our labels and
 * annotations differ (labels and annotations others added stay; fields the API server defaulted are
 * not differences), deleted only when asked to. A route of the same name that the cache did not
 * show (no {@code component=ingress} label) is found by the 409 of the create and taken over, as
 * the parent Ingress is.
 */
final class RouteWriter {
    private final KubernetesClient client;

    RouteWriter(KubernetesClient client) {
        this.client = client;
    }

    /**
     * Converges {@code live} to {@code intent}.
     *
     * @param deleteAbsent whether an {@link RouteIntent.Absent} intent deletes a live route (only
     *     at a traffic switch, after the Ingress that replaces it was written)
     * @return the route as written, or {@code null} when nothing was created or updated
     */
    HTTPRoute converge(HTTPRoute live, RouteIntent intent, boolean deleteAbsent) {
        if (intent instanceof RouteIntent.Present present) {
            return write(live, present.route());
        }
        if (intent instanceof RouteIntent.Absent && deleteAbsent && live != null) {
            var meta = live.getMetadata();
            Writes.guarded(
                    "HTTPRoute " + meta.getName(),
                    () ->
                            client.resources(HTTPRoute.class)
                                    .inNamespace(meta.getNamespace())
                                    .withName(meta.getName())
                                    .delete());
        }
        return null;
    }

    /** Deletes the parent route of {@code owner}; a missing one is fine. */
    void delete(Owner owner) {
        Writes.guarded(
                "HTTPRoute " + owner.name(),
                () ->
                        client.resources(HTTPRoute.class)
                                .inNamespace(owner.namespace())
                                .withName(ResourceNames.parentIngress(owner.name()))
                                .delete());
    }

    private HTTPRoute write(HTTPRoute live, HTTPRoute desired) {
        String what = "HTTPRoute " + desired.getMetadata().getName();
        if (live == null) {
            return Writes.create(client, what, desired, existing -> write(existing, desired));
        }
        if (sameAsLive(live, desired)) {
            return null;
        }
        HTTPRoute merged = merged(live, desired);
        return Writes.guarded(what, () -> client.resource(merged).update());
    }

    private boolean sameAsLive(HTTPRoute live, HTTPRoute desired) {
        var a = live.getMetadata();
        var b = desired.getMetadata();
        return orEmpty(a.getLabels()).entrySet().containsAll(b.getLabels().entrySet())
                && orEmpty(a.getAnnotations()).entrySet().containsAll(b.getAnnotations().entrySet())
                && Objects.equals(a.getOwnerReferences(), b.getOwnerReferences())
                && (Objects.equals(live.getSpec(), desired.getSpec())
                        || contains(specTree(live), specTree(desired)));
    }

    /**
     * The route's spec as a tree (only the spec: the cached copy's metadata and managed fields
     * would cost most of the conversion).
     */
    private JsonNode specTree(HTTPRoute route) {
        return route.getSpec() == null
                ? MissingNode.getInstance()
                : client.getKubernetesSerialization().convertValue(route.getSpec(), JsonNode.class);
    }

    /**
     * Whether {@code live} has every value of {@code desired}: objects by key (extra live keys are
     * defaults the API server filled in), arrays element by element with the same length.
     */
    static boolean contains(JsonNode live, JsonNode desired) {
        if (desired.isObject()) {
            return live.isObject() && containsFields(live, desired);
        }
        if (desired.isArray()) {
            return live.isArray() && live.size() == desired.size() && containsItems(live, desired);
        }
        return desired.equals(live);
    }

    private static boolean containsFields(JsonNode live, JsonNode desired) {
        for (Iterator<Map.Entry<String, JsonNode>> it = desired.fields(); it.hasNext(); ) {
            var field = it.next();
            if (!contains(live.path(field.getKey()), field.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsItems(JsonNode live, JsonNode desired) {
        for (int i = 0; i < desired.size(); i++) {
            if (!contains(live.get(i), desired.get(i))) {
                return false;
            }
        }
        return true;
    }

    private HTTPRoute merged(HTTPRoute live, HTTPRoute desired) {
        return TrafficWriter.mergedOver(client, live, desired);
    }

    private static Map<String, String> orEmpty(Map<String, String> map) {
        return map == null ? Map.of() : map;
    }
}
