package dev.bluegreen.operator.internal.adopt;

import dev.bluegreen.core.ChildObservation;

import io.fabric8.kubernetes.api.model.OwnerReference;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a parent may adopt a FlinkDeployment now. The rules are checked in table order; the first
 * that refuses wins. A deployment that is already this parent's (an adoption interrupted between
 * its metadata write and its status write) passes them all.
 *
 * <p>Adoption never shares a job with another controller: a deployment with an owner reference to
 * any other FlinkBlueGreenDeployment, of either API group, is refused whether or not that reference
 * says {@code controller: true}. The upstream operator's own FlinkBlueGreenDeployment ({@code
 * flink.apache.org}, 1.14 and 1.15) owns its children with {@code controller: false} and goes on
 * managing them. Pure and stateless.
 */
public final class AdoptionRules {
    /** The field every refusal names. */
    public static final String FIELD = "spec.adoptDeployment";

    /** The kind of a blue/green parent, ours ({@code bluegreen.dev}) and upstream's. */
    static final String PARENT_KIND = "FlinkBlueGreenDeployment";

    /** The API group of the upstream operator's kinds. */
    static final String UPSTREAM_GROUP = "flink.apache.org";

    /** The parent that adopts: its name and uid. */
    public record Adopter(String name, String uid) {
        public Adopter {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(uid, "uid == null");
        }
    }

    /** One refusal rule: a name (for tests and docs) and what it refuses, if anything. */
    public record Rule(String name, Function<Input, Optional<String>> refusal) {}

    /** What the rules read. */
    public record Input(Adopter adopter, AdoptionCandidate candidate, String namespace) {}

    /** The refusal rules, in the order they are checked. */
    public static final List<Rule> RULES =
            List.of(
                    new Rule("missing", AdoptionRules::missing),
                    new Rule("child of another blue/green parent", AdoptionRules::childOfAnother),
                    new Rule("controlled by another", AdoptionRules::controlledByAnother),
                    new Rule("adopted by another parent", AdoptionRules::adoptedByAnother),
                    new Rule("session cluster", AdoptionRules::sessionCluster));

    private AdoptionRules() {}

    /**
     * The verdict on {@code candidate} at {@code now}.
     *
     * @param since when the parent began to wait (its creation): a deployment not stable and
     *     running after {@code since + deadline} is refused
     * @param deadline how long to wait for it to be stable and running
     */
    public static AdoptionVerdict decide(
            Adopter adopter,
            AdoptionCandidate candidate,
            String namespace,
            Instant since,
            Duration deadline,
            Instant now) {
        Optional<String> refusal = firstRefusal(new Input(adopter, candidate, namespace));
        if (refusal.isPresent()) {
            return new AdoptionVerdict.Refused(refusal.get());
        }
        ChildObservation child = candidate.observation();
        if (child.stableAndRunning()) {
            return new AdoptionVerdict.Adoptable();
        }
        return notRunning(candidate, since, deadline, now);
    }

    /** A candidate that is not stable and running yet: wait for it until the deadline. */
    private static AdoptionVerdict notRunning(
            AdoptionCandidate candidate, Instant since, Duration deadline, Instant now) {
        String why =
                "FlinkDeployment "
                        + candidate.name()
                        + " is not stable and running ("
                        + state(candidate.observation())
                        + ")";
        if (since != null && !now.isBefore(since.plus(deadline))) {
            return new AdoptionVerdict.Refused(
                    why
                            + " "
                            + deadline
                            + " after the parent was created; the controller adopts it as soon as"
                            + " it is");
        }
        return new AdoptionVerdict.Waiting(why + "; waiting up to " + deadline);
    }

    private static Optional<String> firstRefusal(Input input) {
        for (Rule rule : RULES) {
            Optional<String> refusal = rule.refusal().apply(input);
            if (refusal.isPresent()) {
                return refusal;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> missing(Input in) {
        return in.candidate().exists()
                ? Optional.empty()
                : Optional.of(
                        "FlinkDeployment "
                                + in.candidate().name()
                                + " does not exist in namespace "
                                + in.namespace());
    }

    /** Any owner reference to another FlinkBlueGreenDeployment, controller or not, either group. */
    private static Optional<String> childOfAnother(Input in) {
        for (OwnerReference ref : in.candidate().owners()) {
            if (PARENT_KIND.equals(ref.getKind()) && !in.adopter().uid().equals(ref.getUid())) {
                return Optional.of(
                        "FlinkDeployment "
                                + in.candidate().name()
                                + " is a child of "
                                + describe(ref)
                                + ", which still manages its job; "
                                + howToRelease(ref));
            }
        }
        return Optional.empty();
    }

    private static String howToRelease(OwnerReference ref) {
        if (UPSTREAM_GROUP.equals(group(ref))) {
            return "migrate that parent with kubectl bluegreen migrate "
                    + ref.getName()
                    + ", or delete it with --cascade=orphan first";
        }
        return "release it there first (kubectl bluegreen release " + ref.getName() + ")";
    }

    private static Optional<String> controlledByAnother(Input in) {
        for (OwnerReference ref : in.candidate().owners()) {
            if (Boolean.TRUE.equals(ref.getController())
                    && !in.adopter().uid().equals(ref.getUid())) {
                return Optional.of(
                        "FlinkDeployment "
                                + in.candidate().name()
                                + " is controlled by "
                                + describe(ref)
                                + "; release it there first");
            }
        }
        return Optional.empty();
    }

    private static String describe(OwnerReference ref) {
        return ref.getKind() + " " + ref.getName() + " (" + ref.getApiVersion() + ")";
    }

    private static String group(OwnerReference ref) {
        String apiVersion = ref.getApiVersion() == null ? "" : ref.getApiVersion();
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    private static Optional<String> adoptedByAnother(Input in) {
        String label = in.candidate().parentLabel();
        return label == null || label.equals(in.adopter().name())
                ? Optional.empty()
                : Optional.of(
                        "FlinkDeployment "
                                + in.candidate().name()
                                + " is already a child of FlinkBlueGreenDeployment "
                                + label
                                + " (label bluegreen.dev/parent)");
    }

    private static Optional<String> sessionCluster(Input in) {
        return in.candidate().hasJob()
                ? Optional.empty()
                : Optional.of(
                        "FlinkDeployment "
                                + in.candidate().name()
                                + " has no spec.job (a session cluster): only an application"
                                + " deployment with a job can be adopted");
    }

    private static String state(ChildObservation child) {
        if (!child.generationObserved()) {
            return "generation " + child.generation() + " not yet reconciled by the Flink operator";
        }
        return "lifecycle " + child.lifecycle() + ", job " + child.jobState();
    }
}
