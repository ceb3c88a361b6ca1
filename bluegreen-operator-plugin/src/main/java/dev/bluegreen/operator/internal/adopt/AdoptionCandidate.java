package dev.bluegreen.operator.internal.adopt;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.ChildLabels;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What is observed of the FlinkDeployment a parent asks to adopt ({@code spec.adoptDeployment}).
 *
 * @param name the deployment's name
 * @param exists whether it exists
 * @param owners its owner references (empty when none)
 * @param parentLabel its {@code bluegreen.dev/parent} label, or {@code null}
 * @param hasJob whether its spec has a {@code job} (an application deployment; a session cluster
 *     has none)
 * @param observation its generation, lifecycle and job, as for any child
 */
public record AdoptionCandidate(
        String name,
        boolean exists,
        List<OwnerReference> owners,
        String parentLabel,
        boolean hasJob,
        ChildObservation observation) {

    public AdoptionCandidate {
        Objects.requireNonNull(name, "name == null");
        owners = List.copyOf(owners);
        Objects.requireNonNull(observation, "observation == null");
    }

    /** The candidate {@code name} as read from the API: {@code live} is {@code null} if absent. */
    public static AdoptionCandidate of(String name, GenericKubernetesResource live) {
        if (live == null) {
            return new AdoptionCandidate(
                    name, false, List.of(), null, false, ChildObservation.absent());
        }
        var meta = live.getMetadata();
        Map<String, String> labels = meta.getLabels() == null ? Map.of() : meta.getLabels();
        Object spec = live.getAdditionalProperties().get("spec");
        boolean hasJob = spec instanceof Map<?, ?> map && map.get("job") instanceof Map<?, ?>;
        return new AdoptionCandidate(
                name,
                true,
                meta.getOwnerReferences() == null ? List.of() : meta.getOwnerReferences(),
                labels.get(ChildLabels.PARENT),
                hasJob,
                ObservationReader.child(live));
    }
}
