package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.Action.RestoreFrom;
import dev.bluegreen.core.Color;
import dev.bluegreen.diff.TemplateView;
import dev.bluegreen.ingress.ChildIngressTemplates;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.resource.TransitionMode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The desired child FlinkDeployments ({@code flink.apache.org/v1beta1}, handled as {@link
 * GenericKubernetesResource} so that fields of newer operator versions pass through) built from a
 * parent spec for one colour.
 *
 * <p>A child gets the template's spec (with the restore point, the colour label in {@code
 * spec.podTemplate.metadata.labels}, a per-colour child ingress template, {@code {{color}}}
 * replaced ({@link ColorTemplating}), the colour key {@code bluegreen.color} ({@link ColorConfig})
 * and, in ADVANCED mode, the gate keys ({@link GateConfig})), the template's labels and annotations
 * plus ours ({@link ChildLabels}), and a controller owner reference to the parent. Stateless and
 * thread-safe; see {@link ChildMerge} for writing over a live child.
 *
 * <p>A running child the parent adopted is written by {@link #adoptedInPlace} instead: the same
 * metadata, but a spec without the colour settings, because the upstream operator redeploys a job
 * for a new pod-template label or a new {@code flinkConfiguration} key outside the prefixes it
 * ignores. The colour settings come with the next child the controller creates.
 */
public final class ChildSpecs {
    /** The API version of the children. */
    public static final String API_VERSION = "flink.apache.org/v1beta1";

    /** The kind of the children. */
    public static final String KIND = "FlinkDeployment";

    private ChildSpecs() {}

    /**
     * The desired child of {@code color}.
     *
     * @param owner the parent
     * @param names the children's names ({@link ChildNaming})
     * @param parentSpec the whole parent spec (canonical tree) to deploy
     * @param specRef the ref of {@code parentSpec}, stored as an annotation
     * @param restore where the child restores from
     * @param restorePath the path for {@link RestoreFrom#PATH}, else ignored
     * @param handover the parsed ADVANCED-mode settings of this reconcile (the gate channel type);
     *     ignored in BASIC mode
     * @throws IllegalArgumentException naming the field when the template is not an object or the
     *     child ingress template is invalid
     */
    public static GenericKubernetesResource desired(
            Owner owner,
            ChildNames names,
            JsonNode parentSpec,
            String specRef,
            Color color,
            RestoreFrom restore,
            String restorePath,
            HandoverSettings handover) {
        ObjectNode spec = templateSpec(owner, specRef, restore, parentSpec);
        applyRestore(spec, restore, restorePath);
        addPodColorLabel(spec, color);
        applyChildIngress(spec, owner, color);
        ColorTemplating.apply(spec, color);
        ColorConfig.inject(spec, color);
        if (advanced(parentSpec)) {
            GateConfig.inject(spec, owner, color, handover.gateChannelType());
        }
        return child(owner, names, parentSpec, specRef, color, spec);
    }

    /**
     * What to write over the live child of {@code color} that the parent adopted ({@code
     * status.adoptedChild}), so that the upstream operator does not restart its job: the template's
     * spec with the restore point and {@code {{color}}} replaced, as for any child, but none of the
     * colour settings a created child gets (no {@code bluegreen.dev/color} pod label, no {@value
     * ColorConfig#COLOR} key, no gate keys, no per-colour child ingress template). The metadata is
     * that of {@link #desired}.
     *
     * <p>The parameters are those of {@link #desired}; there is no gate to configure.
     *
     * @throws IllegalArgumentException naming the field when the template is not an object
     */
    public static GenericKubernetesResource adoptedInPlace(
            Owner owner,
            ChildNames names,
            JsonNode parentSpec,
            String specRef,
            Color color,
            RestoreFrom restore,
            String restorePath) {
        ObjectNode spec = templateSpec(owner, specRef, restore, parentSpec);
        applyRestore(spec, restore, restorePath);
        ColorTemplating.apply(spec, color);
        return child(owner, names, parentSpec, specRef, color, spec);
    }

    private static ObjectNode templateSpec(
            Owner owner, String specRef, RestoreFrom restore, JsonNode parentSpec) {
        Objects.requireNonNull(owner, "owner == null");
        Objects.requireNonNull(specRef, "specRef == null");
        Objects.requireNonNull(restore, "restore == null");
        JsonNode template = parentSpec == null ? null : parentSpec.get(TemplateView.TEMPLATE);
        return objectAt(template, TemplateView.SPEC, "spec.template.spec").deepCopy();
    }

    private static GenericKubernetesResource child(
            Owner owner,
            ChildNames names,
            JsonNode parentSpec,
            String specRef,
            Color color,
            ObjectNode spec) {
        JsonNode template = parentSpec.get(TemplateView.TEMPLATE);
        var child = new GenericKubernetesResource();
        child.setApiVersion(API_VERSION);
        child.setKind(KIND);
        child.setMetadata(metadata(owner, names.child(color), template, specRef, color));
        child.setAdditionalProperty("spec", SpecJson.mapper().convertValue(spec, Map.class));
        return child;
    }

    private static boolean advanced(JsonNode parentSpec) {
        return TransitionMode.ADVANCED.name().equals(parentSpec.path("transitionMode").asText());
    }

    private static ObjectMeta metadata(
            Owner owner, String name, JsonNode template, String specRef, Color color) {
        Map<String, String> labels = new TreeMap<>(stringMap(template, "labels"));
        labels.put(ChildLabels.DEPLOYMENT_TYPE, color.name());
        labels.put(ChildLabels.COLOR, color.lowerCase());
        labels.put(ChildLabels.PARENT, owner.name());
        Map<String, String> annotations = new TreeMap<>(stringMap(template, "annotations"));
        annotations.put(ChildLabels.SPEC_REF, specRef);
        return new ObjectMetaBuilder()
                .withName(name)
                .withNamespace(owner.namespace())
                .withLabels(labels)
                .withAnnotations(annotations)
                .withOwnerReferences(owner.toOwnerReference())
                .build();
    }

    private static Map<String, String> stringMap(JsonNode template, String key) {
        Map<String, String> result = new LinkedHashMap<>();
        JsonNode map = template == null ? null : template.path("metadata").get(key);
        if (map != null && map.isObject()) {
            map.properties().forEach(e -> result.put(e.getKey(), e.getValue().asText()));
        }
        return result;
    }

    private static void applyRestore(ObjectNode spec, RestoreFrom restore, String path) {
        switch (restore) {
            case PATH -> job(spec).put(TemplateView.INITIAL_SAVEPOINT_PATH, path);
            case EMPTY -> {
                if (spec.get(TemplateView.JOB) instanceof ObjectNode job) {
                    job.remove(TemplateView.INITIAL_SAVEPOINT_PATH);
                }
            }
            case SPEC_INITIAL_SAVEPOINT -> {
                // the template's own initialSavepointPath (or none) stays as it is
            }
        }
    }

    private static void addPodColorLabel(ObjectNode spec, Color color) {
        ObjectNode labels = child(child(child(spec, "podTemplate"), "metadata"), "labels");
        labels.put(ChildLabels.COLOR, color.lowerCase());
    }

    private static void applyChildIngress(ObjectNode spec, Owner owner, Color color) {
        if (spec.get("ingress") instanceof ObjectNode ingress
                && ingress.get("template") != null
                && ingress.get("template").isTextual()) {
            String template = ingress.get("template").asText();
            ingress.put(
                    "template",
                    ChildIngressTemplates.forColor(template, owner.name(), owner.namespace(), color)
                            .template());
        }
    }

    static ObjectNode job(ObjectNode spec) {
        return child(spec, TemplateView.JOB);
    }

    private static ObjectNode child(ObjectNode parent, String key) {
        if (parent.get(key) instanceof ObjectNode existing) {
            return existing;
        }
        return parent.putObject(key);
    }

    private static ObjectNode objectAt(JsonNode parent, String key, String field) {
        JsonNode node = parent == null ? null : parent.get(key);
        if (!(node instanceof ObjectNode object)) {
            throw new IllegalArgumentException(
                    field + ": expected an object, got " + (node == null ? "nothing" : node));
        }
        return object;
    }
}
