package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.ChildBackend;
import dev.bluegreen.ingress.ChildIngressTemplates;
import dev.bluegreen.ingress.IngressSpec;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ParentIngress;
import dev.bluegreen.ingress.RestPort;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.ParentIngressSpec;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checks that reuse bluegreen-ingress's validation (which names the field): the parent ingress
 * ({@code spec.ingress}), the children's ingress template, the REST port, and the labels and
 * annotations of {@code spec.template.metadata}.
 */
final class IngressChecks {
    /** Stands in for the uid when a resource is validated before it was created. */
    private static final String PLACEHOLDER_UID = "00000000-0000-0000-0000-000000000000";

    private static final String TEMPLATE_METADATA = "spec.template.metadata";

    private IngressChecks() {}

    static void parent(
            FlinkBlueGreenDeploymentSpec spec,
            String name,
            String namespace,
            boolean nameValid,
            List<SpecProblem> problems) {
        var ingress = spec.getIngress();
        if (ingress == null) {
            return;
        }
        if (ingress.getTemplate() == null || ingress.getTemplate().isBlank()) {
            problems.add(new SpecProblem(IngressSpec.FIELD + ".template", "required"));
            return;
        }
        try {
            var ingressSpec = ingressSpec(ingress);
            if (nameValid) {
                var backend = ChildBackend.onDefaultPort(Color.BLUE);
                ParentIngress.v1(ingressSpec, owner(name, namespace), backend);
            }
        } catch (RuntimeException e) {
            problems.add(SpecProblem.fromMessage(e.getMessage(), IngressSpec.FIELD));
        }
    }

    /** {@code spec.ingress} as the ingress module's spec (which checks it). */
    private static IngressSpec ingressSpec(ParentIngressSpec ingress) {
        return new IngressSpec(
                ingress.getTemplate(),
                ingress.getClassName(),
                ingress.getAnnotations(),
                ingress.getLabels(),
                tls(ingress.getTls()));
    }

    /** The owner of a parent {@code name}, with a placeholder uid (it may not be created yet). */
    private static Owner owner(String name, String namespace) {
        return new Owner(
                FlinkBlueGreenDeployment.GROUP + "/" + FlinkBlueGreenDeployment.VERSION,
                FlinkBlueGreenDeployment.KIND,
                orDefault(namespace),
                name,
                PLACEHOLDER_UID);
    }

    static void children(
            JsonNode templateSpec,
            String name,
            String namespace,
            boolean nameValid,
            List<SpecProblem> problems) {
        restPort(templateSpec, problems);
        JsonNode template = templateSpec.path("ingress").path("template");
        if (nameValid && !template.isMissingNode() && !template.isNull()) {
            childTemplate(template, name, namespace, problems);
        }
    }

    /** The child ingress template: a string that gives both children valid hosts. */
    private static void childTemplate(
            JsonNode template, String name, String namespace, List<SpecProblem> problems) {
        if (!template.isTextual()) {
            problems.add(
                    new SpecProblem(
                            ChildIngressTemplates.FIELD,
                            "expected a string, got " + TemplateChecks.show(template)));
            return;
        }
        try {
            ChildIngressTemplates.both(template.asText(), name, orDefault(namespace));
        } catch (IllegalArgumentException e) {
            problems.add(SpecProblem.fromMessage(e.getMessage(), ChildIngressTemplates.FIELD));
        }
    }

    /** The children's REST port ({@code rest.port}), when set. */
    private static void restPort(JsonNode templateSpec, List<SpecProblem> problems) {
        JsonNode port = templateSpec.path("flinkConfiguration").path(RestPort.KEY);
        if (port.isValueNode()) {
            try {
                RestPort.fromFlinkConfiguration(Map.of(RestPort.KEY, port.asText()));
            } catch (IllegalArgumentException e) {
                problems.add(
                        SpecProblem.fromMessage(
                                e.getMessage(), "spec.template.spec.flinkConfiguration"));
            }
        }
    }

    /**
     * Checks the labels and annotations the children inherit from {@code spec.template.metadata}
     * with the same rules as the API server (reusing the ingress label checks), so that a bad key
     * is reported here instead of failing every write of a child.
     */
    static void templateMetadata(ObjectMeta metadata, List<SpecProblem> problems) {
        if (metadata == null) {
            return;
        }
        try {
            new IngressSpec("-", null, metadata.getAnnotations(), metadata.getLabels(), List.of());
        } catch (RuntimeException e) {
            String message =
                    String.valueOf(e.getMessage())
                            .replace(IngressSpec.FIELD + ".", TEMPLATE_METADATA + ".");
            problems.add(SpecProblem.fromMessage(message, TEMPLATE_METADATA));
        }
    }

    private static List<IngressSpec.Tls> tls(List<IngressTLS> tls) {
        if (tls == null) {
            return List.of();
        }
        var result = new ArrayList<IngressSpec.Tls>();
        for (IngressTLS entry : tls) {
            result.add(
                    entry == null
                            ? null
                            : new IngressSpec.Tls(entry.getHosts(), entry.getSecretName()));
        }
        return result;
    }

    private static String orDefault(String namespace) {
        return namespace == null ? "default" : namespace;
    }
}
