package dev.bluegreen.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The first deployment by adoption: instead of deploying blue, the parent takes over a
 * FlinkDeployment that already runs, without restarting its job. The plugin decides whether the
 * deployment may be adopted (it exists, is nobody else's, runs a job); these plans are what the
 * engine records for the two outcomes that concern it: still waiting for the deployment to be
 * stable and running, or adopted. Pure and stateless.
 */
public final class Adoption {
    private Adoption() {}

    /**
     * Stay in {@link BlueGreenState#INITIALIZING_BLUE}: the deployment to adopt is not stable and
     * running yet. Nothing is written on it.
     *
     * @param record the persisted record (the initial one before the first deployment)
     * @param why what is missing, e.g. {@code "its job is RESTARTING"}
     * @param recheck when to look again (the deployment is not watched before it is adopted)
     */
    public static Plan waiting(TransitionRecord record, String why, Duration recheck) {
        Objects.requireNonNull(record, "record == null");
        Objects.requireNonNull(why, "why == null");
        return new Plan(
                record,
                List.of(),
                Optional.of(recheck),
                Reason.ADOPTION_WAITING,
                "waiting to adopt: " + why);
    }

    /**
     * {@code ACTIVE_<color>} on the adopted deployment: it serves as the child of {@code color},
     * traffic points at it, and its running spec is the stable spec, so that the next decision
     * classifies the desired spec against it like any change. A deployment adopted as green (it has
     * the parent's own green name) makes the next transition deploy blue.
     *
     * @param color the colour the adopted deployment plays ({@code ChildNames.adoptedColor} in
     *     bluegreen-ingress): blue, or green when it has the parent's green name
     * @param stableSpecRef the ref of the parent spec whose template is the adopted deployment's
     *     running spec
     * @param gated whether the parent runs the record-level gate (ADVANCED mode): blue then owns
     *     the output
     * @param child the adopted deployment's name, for the message
     * @param now the time of adoption
     */
    public static Plan adopted(
            Color color, String stableSpecRef, boolean gated, String child, Instant now) {
        Objects.requireNonNull(color, "color == null");
        Objects.requireNonNull(stableSpecRef, "stableSpecRef == null");
        Objects.requireNonNull(now, "now == null");
        return new Plan(
                activeRecord(color, stableSpecRef, gated, now),
                List.of(),
                Optional.empty(),
                Reason.ADOPTED,
                String.format(
                        "adopted the running FlinkDeployment %s as %s without restarting its job;"
                                + " it serves with spec %s",
                        child, color.lowerCase(), stableSpecRef));
    }

    /** The record of a parent resting on the adopted child: ACTIVE, traffic on it. */
    private static TransitionRecord activeRecord(
            Color color, String stableSpecRef, boolean gated, Instant now) {
        return TransitionRecord.initial().toBuilder()
                .state(BlueGreenState.of(BlueGreenState.Role.ACTIVE, color))
                .stableSpecRef(stableSpecRef)
                .trafficColor(color)
                .phaseStartedAt(now)
                .outputOwner(gated ? color : null)
                .build();
    }
}
