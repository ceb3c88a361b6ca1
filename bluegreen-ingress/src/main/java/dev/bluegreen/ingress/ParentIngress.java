package dev.bluegreen.ingress;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLS;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The desired parent Ingress: a stable address that routes to the active child's REST Service.
 *
 * <p>Built from the parent's {@code spec.ingress} as upstream does: named after the parent, in its
 * namespace; labels {@code spec.ingress.labels} plus {@code component=ingress}; annotations, {@code
 * ingressClassName} and TLS copied; one rule whose host and path come from the template rendered
 * with the parent's name and namespace (see {@link UpstreamIngressRenderer}); path type {@code
 * ImplementationSpecific}; backend {@code <active child>-rest} on its {@code rest.port}; owned by
 * the parent ({@code controller=true}, {@code blockOwnerDeletion=true}).
 *
 * <pre>{@code
 * Ingress ingress = ParentIngress.v1(
 *         IngressSpec.of("{{name}}.{{namespace}}.example.com"),
 *         new Owner("bluegreen.dev/v1alpha1", "FlinkBlueGreenDeployment", "prod", "orders", uid),
 *         new ChildBackend(Color.GREEN, 8081));
 * // host orders.prod.example.com -> Service orders-green-rest:8081
 * }</pre>
 *
 * <p>Every method is a pure function: equal inputs give equal objects (compare with {@code equals}
 * to skip no-op writes). This class is stateless and thread-safe.
 */
public final class ParentIngress {

    /** The label every parent ingress carries, as upstream: {@code component=ingress}. */
    public static final Map<String, String> COMPONENT_LABEL = Map.of("component", "ingress");

    /** The path type of the rule, as upstream. */
    public static final String PATH_TYPE = "ImplementationSpecific";

    private static final String TEMPLATE_FIELD = IngressSpec.FIELD + ".template";

    private ParentIngress() {}

    /**
     * The parent Ingress in the API {@code version} chosen by the caller.
     *
     * @return a {@code networking.k8s.io/v1} or {@code v1beta1} Ingress
     * @throws IllegalArgumentException naming {@code spec.ingress.template} if the template does
     *     not parse or renders an invalid host or path
     */
    public static HasMetadata desired(
            IngressApiVersion version, IngressSpec spec, Owner owner, ChildBackend active) {
        Objects.requireNonNull(version, "version == null");
        return switch (version) {
            case NETWORKING_V1 -> v1(spec, owner, active);
            case NETWORKING_V1BETA1 -> v1beta1(spec, owner, active);
        };
    }

    /**
     * The parent Ingress as {@code networking.k8s.io/v1} (Kubernetes 1.19+).
     *
     * @throws IllegalArgumentException as {@link #desired}
     */
    public static Ingress v1(IngressSpec spec, Owner owner, ChildBackend active) {
        RenderedRule rule = rule(spec, owner, active);
        return new IngressBuilder()
                .withMetadata(metadata(spec, owner))
                .withNewSpec()
                .withIngressClassName(spec.className())
                .withTls(tlsV1(spec.tls()))
                .withRules(ruleV1(rule, owner, active))
                .endSpec()
                .build();
    }

    private static IngressRule ruleV1(RenderedRule rule, Owner owner, ChildBackend active) {
        return new IngressRuleBuilder()
                .withHost(rule.host())
                .withNewHttp()
                .addNewPath()
                .withPath(rule.path())
                .withPathType(PATH_TYPE)
                .withNewBackend()
                .withNewService()
                .withName(active.serviceName(owner.name()))
                .withNewPort()
                .withNumber(active.restPort())
                .endPort()
                .endService()
                .endBackend()
                .endPath()
                .endHttp()
                .build();
    }

    /**
     * The parent Ingress as {@code networking.k8s.io/v1beta1}, for servers older than 1.19: the
     * backend is {@code serviceName}/{@code servicePort} and the path has no {@code pathType}
     * (older servers do not know the field; 1.18 defaults it to {@code ImplementationSpecific}).
     *
     * @throws IllegalArgumentException as {@link #desired}
     */
    public static io.fabric8.kubernetes.api.model.networking.v1beta1.Ingress v1beta1(
            IngressSpec spec, Owner owner, ChildBackend active) {
        RenderedRule rule = rule(spec, owner, active);
        return new io.fabric8.kubernetes.api.model.networking.v1beta1.IngressBuilder()
                .withMetadata(metadata(spec, owner))
                .withNewSpec()
                .withIngressClassName(spec.className())
                .withTls(tlsV1beta1(spec.tls()))
                .withRules(ruleV1beta1(rule, owner, active))
                .endSpec()
                .build();
    }

    private static io.fabric8.kubernetes.api.model.networking.v1beta1.IngressRule ruleV1beta1(
            RenderedRule rule, Owner owner, ChildBackend active) {
        return new io.fabric8.kubernetes.api.model.networking.v1beta1.IngressRuleBuilder()
                .withHost(rule.host())
                .withNewHttp()
                .addNewPath()
                .withPath(rule.path())
                .withNewBackend()
                .withServiceName(active.serviceName(owner.name()))
                .withServicePort(new IntOrString(active.restPort()))
                .endBackend()
                .endPath()
                .endHttp()
                .build();
    }

    /**
     * The host and path the parent ingress gets from {@code spec.ingress.template}.
     *
     * @throws IllegalArgumentException as {@link #desired}
     */
    static RenderedRule rule(IngressSpec spec, Owner owner) {
        Objects.requireNonNull(spec, IngressSpec.FIELD + " == null");
        Objects.requireNonNull(owner, "owner == null");
        RenderedRule rule = rendered(spec, owner);
        if (!rule.isValid()) {
            throw new IllegalArgumentException(
                    String.format(
                            "%s: renders an invalid ingress rule %s from %s%s",
                            TEMPLATE_FIELD,
                            rule,
                            DnsNames.quote(spec.template()),
                            RenderedRule.RULES));
        }
        return rule;
    }

    private static RenderedRule rendered(IngressSpec spec, Owner owner) {
        try {
            return UpstreamIngressRenderer.render(spec.template(), owner.name(), owner.namespace());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(TEMPLATE_FIELD + ": " + e.getMessage(), e);
        }
    }

    private static RenderedRule rule(IngressSpec spec, Owner owner, ChildBackend active) {
        Objects.requireNonNull(active, "active == null");
        return rule(spec, owner);
    }

    /**
     * Metadata shared by the Ingress versions and the HTTPRoute: sorted maps for stable YAML, and
     * empty (not {@code null}) collections, as the objects read back from the server have them, so
     * that {@code equals} against a fetched object detects no-op writes.
     */
    static ObjectMeta metadata(
            Owner owner, Map<String, String> labels, Map<String, String> annotations) {
        return new ObjectMetaBuilder()
                .withName(ResourceNames.parentIngress(owner.name()))
                .withNamespace(owner.namespace())
                .withLabels(new TreeMap<>(labels))
                .withAnnotations(new TreeMap<>(annotations))
                .withOwnerReferences(owner.toOwnerReference())
                .build();
    }

    private static ObjectMeta metadata(IngressSpec spec, Owner owner) {
        Map<String, String> labels = new TreeMap<>(spec.labels());
        // Upstream adds the label after the user's, so it wins on a clash; keep that.
        labels.putAll(COMPONENT_LABEL);
        return metadata(owner, labels, spec.annotations());
    }

    private static List<IngressTLS> tlsV1(List<IngressSpec.Tls> tls) {
        return tls.stream().map(t -> new IngressTLS(t.hosts(), t.secretName())).toList();
    }

    private static List<io.fabric8.kubernetes.api.model.networking.v1beta1.IngressTLS> tlsV1beta1(
            List<IngressSpec.Tls> tls) {
        return tls.stream()
                .map(
                        t ->
                                new io.fabric8.kubernetes.api.model.networking.v1beta1.IngressTLS(
                                        t.hosts(), t.secretName()))
                .toList();
    }
}
