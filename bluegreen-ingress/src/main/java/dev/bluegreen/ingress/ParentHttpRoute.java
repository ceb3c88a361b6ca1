package dev.bluegreen.ingress;

import dev.bluegreen.ingress.HttpRouteSpec.PreviewMatch;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPBackendRef;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPBackendRefBuilder;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteBuilder;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteMatch;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteMatchBuilder;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteRule;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteRuleBuilder;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.ParentReference;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.ParentReferenceBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The desired Gateway API {@code HTTPRoute} ({@code gateway.networking.k8s.io/v1}): the same stable
 * address as {@link ParentIngress}, for clusters that moved off Ingress.
 *
 * <p>Rules, in the order the Gateway matches them (a header match or a longer path prefix wins over
 * {@code /}):
 *
 * <ol>
 *   <li>only while a preview child is given: requests matching {@link HttpRouteSpec#preview()}
 *       (header {@code x-bluegreen-preview: true} by default, under {@link HttpRouteSpec#path()};
 *       or a path prefix that is rewritten to {@code /}) go to the preview child's REST Service,
 *       weight 100;
 *   <li>every other request under {@link HttpRouteSpec#path()} ({@code PathPrefix}, rewritten to
 *       {@code /} when the path is not {@code /}) goes to the active child's REST Service, weight
 *       100.
 * </ol>
 *
 * <p>Named after the parent, in its namespace, labelled {@code component=ingress}, owned by the
 * parent ({@code controller=true}, {@code blockOwnerDeletion=true}). Pure: equal inputs give equal
 * objects. This class is stateless and thread-safe.
 */
public final class ParentHttpRoute {

    private static final String PATH_PREFIX = "PathPrefix";

    private ParentHttpRoute() {}

    /**
     * The route to {@code active}, plus the preview rule to {@code preview} when it is not {@code
     * null}.
     *
     * @param preview the incoming child during a transition, or {@code null}
     * @throws IllegalArgumentException naming {@code preview} if it has the active colour
     * @throws NullPointerException naming the argument that is {@code null}
     */
    public static HTTPRoute desired(
            HttpRouteSpec spec, Owner owner, ChildBackend active, ChildBackend preview) {
        Objects.requireNonNull(spec, "spec == null");
        Objects.requireNonNull(owner, "owner == null");
        Objects.requireNonNull(active, "active == null");
        if (preview != null && preview.color() == active.color()) {
            throw new IllegalArgumentException(
                    "preview: must be the other colour than the active " + active.color());
        }
        return route(spec, owner, rules(spec, owner, active, preview));
    }

    /** The preview rule first (when there is a preview child), then the active rule. */
    private static List<HTTPRouteRule> rules(
            HttpRouteSpec spec, Owner owner, ChildBackend active, ChildBackend preview) {
        List<HTTPRouteRule> rules = new ArrayList<>();
        if (preview != null) {
            rules.add(previewRule(spec.preview(), spec.path(), backend(owner, preview)));
        }
        rules.add(activeRule(spec.path(), backend(owner, active)));
        return rules;
    }

    private static HTTPRoute route(HttpRouteSpec spec, Owner owner, List<HTTPRouteRule> rules) {
        Map<String, String> labels = new TreeMap<>(spec.labels());
        labels.putAll(ParentIngress.COMPONENT_LABEL);
        return new HTTPRouteBuilder()
                .withMetadata(ParentIngress.metadata(owner, labels, spec.annotations()))
                .withNewSpec()
                .withParentRefs(spec.parentRefs().stream().map(ParentHttpRoute::parentRef).toList())
                .withHostnames(spec.hostnames())
                .withRules(rules)
                .endSpec()
                .build();
    }

    private static HTTPRouteRule activeRule(String path, HTTPBackendRef backend) {
        HTTPRouteRuleBuilder rule =
                new HTTPRouteRuleBuilder().withMatches(pathPrefix(path)).withBackendRefs(backend);
        return path.equals(HttpRouteSpec.ROOT) ? rule.build() : toRoot(rule);
    }

    private static HTTPRouteRule previewRule(
            PreviewMatch match, String path, HTTPBackendRef backend) {
        HTTPRouteRuleBuilder rule = new HTTPRouteRuleBuilder().withBackendRefs(backend);
        if (match instanceof PreviewMatch.Header h) {
            rule.withMatches(
                    new HTTPRouteMatchBuilder()
                            .withNewPath(PATH_PREFIX, path)
                            .addNewHeader(h.name(), "Exact", h.value())
                            .build());
            return path.equals(HttpRouteSpec.ROOT) ? rule.build() : toRoot(rule);
        }
        PreviewMatch.PathPrefix p = (PreviewMatch.PathPrefix) match;
        return toRoot(rule.withMatches(pathPrefix(p.prefix())));
    }

    /** The Flink UI and REST API expect to be served from "/": strip the matched prefix. */
    private static HTTPRouteRule toRoot(HTTPRouteRuleBuilder rule) {
        return rule.addNewFilter()
                .withType("URLRewrite")
                .withNewUrlRewrite()
                .withNewPath()
                .withType("ReplacePrefixMatch")
                .withReplacePrefixMatch("/")
                .endPath()
                .endUrlRewrite()
                .endFilter()
                .build();
    }

    private static HTTPRouteMatch pathPrefix(String prefix) {
        return new HTTPRouteMatchBuilder().withNewPath(PATH_PREFIX, prefix).build();
    }

    private static HTTPBackendRef backend(Owner owner, ChildBackend child) {
        return new HTTPBackendRefBuilder()
                .withKind("Service")
                .withName(child.serviceName(owner.name()))
                .withPort(child.restPort())
                .withWeight(100)
                .build();
    }

    private static ParentReference parentRef(HttpRouteSpec.GatewayRef ref) {
        return new ParentReferenceBuilder()
                .withGroup("gateway.networking.k8s.io")
                .withKind("Gateway")
                .withName(ref.name())
                .withNamespace(ref.namespace())
                .withSectionName(ref.sectionName())
                .build();
    }
}
