package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A test scenario for one {@link TransitionEngine#decide} call: a record, an observation and a
 * policy, built fluently from defaults (stable spec {@code s1} desired and unchanged, both children
 * absent, no commands, {@link #T0}, default policy). Mutable; not thread-safe.
 */
public final class Given {
    /** The default decision time. */
    public static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final TransitionRecord.Builder record;
    private final Map<Color, ChildObservation> children = new EnumMap<>(Color.class);
    private TransitionPolicy.Builder policy = TransitionPolicy.builder();
    private String desiredRef = "s1";
    private ChangeKind change = ChangeKind.IGNORE;
    private boolean suspendedSpec;
    private boolean stateless;
    private SnapshotObservation snapshot;
    private String promote;
    private String abort;
    private boolean paused;
    private Instant now = T0;
    private GateObservation gate = GateObservation.none();
    private AnalysisObservation analysis = AnalysisObservation.none();

    private Given(BlueGreenState state) {
        record =
                TransitionRecord.initial().toBuilder()
                        .state(state)
                        .transitionNumber(1)
                        .stableSpecRef("s1")
                        .phaseStartedAt(T0.minusSeconds(60));
        children.put(Color.BLUE, Children.absent());
        children.put(Color.GREEN, Children.absent());
    }

    /** A scenario that continues from a persisted record (e.g. the previous plan's). */
    public static Given from(TransitionRecord persisted) {
        var given = new Given(persisted.state());
        given.recordFrom(persisted);
        return given;
    }

    private void recordFrom(TransitionRecord persisted) {
        record.state(persisted.state())
                .transitionNumber(persisted.transitionNumber())
                .stableSpecRef(persisted.stableSpecRef())
                .targetSpecRef(persisted.targetSpecRef())
                .failedSpecRef(persisted.failedSpecRef())
                .trafficColor(persisted.trafficColor())
                .savepoint(persisted.savepoint())
                .phaseStartedAt(persisted.phaseStartedAt())
                .deadline(persisted.deadline())
                .readySince(persisted.readySince())
                .trafficSwitchedAt(persisted.trafficSwitchedAt())
                .handledPromote(persisted.handledPromote())
                .handledAbort(persisted.handledAbort())
                .restore(persisted.restore())
                .restorePath(persisted.restorePath())
                .outputOwner(persisted.outputOwner());
    }

    /** A scenario in {@code state}. */
    public static Given in(BlueGreenState state) {
        return new Given(state);
    }

    /** A scenario in the state of {@code role} named after {@code color}. */
    public static Given in(Role role, Color color) {
        return new Given(
                role == Role.INITIALIZING
                        ? BlueGreenState.INITIALIZING_BLUE
                        : BlueGreenState.of(role, color));
    }

    /** Edits the record. */
    public Given record(UnaryOperator<TransitionRecord.Builder> edit) {
        edit.apply(record);
        return this;
    }

    /** Sets the stable spec ref (null for none). */
    public Given stable(String ref) {
        record.stableSpecRef(ref);
        return this;
    }

    /** Sets the target spec ref. */
    public Given target(String ref) {
        record.targetSpecRef(ref);
        return this;
    }

    /** Sets the failed spec ref. */
    public Given failed(String ref) {
        record.failedSpecRef(ref);
        return this;
    }

    /** Sets the phase deadline to {@code T0 + offset}. */
    public Given deadlineIn(Duration offset) {
        record.deadline(T0.plus(offset));
        return this;
    }

    /** Sets the desired spec and how it differs from the stable one. */
    public Given desired(String ref, ChangeKind kind) {
        desiredRef = ref;
        change = kind;
        return this;
    }

    /** Marks the desired spec as suspended. */
    public Given suspendedSpec() {
        suspendedSpec = true;
        return this;
    }

    /** Marks the desired spec as stateless. */
    public Given stateless() {
        stateless = true;
        return this;
    }

    /** Sets what is observed of the child of {@code color}. */
    public Given child(Color color, ChildObservation child) {
        children.put(color, child);
        return this;
    }

    /** Sets the observed hand-over snapshot. */
    public Given snapshot(String name, SnapshotState state, String path) {
        snapshot =
                new SnapshotObservation(
                        name, state, path, state == SnapshotState.FAILED ? "boom" : null);
        return this;
    }

    /** Issues a promote command with this token. */
    public Given promote(String token) {
        promote = token;
        return this;
    }

    /** Issues an abort command with this token. */
    public Given abort(String token) {
        abort = token;
        return this;
    }

    /** Pauses the in-flight change. */
    public Given paused() {
        paused = true;
        return this;
    }

    /** Sets what the record-level gate reports (ADVANCED mode). */
    public Given gate(GateObservation value) {
        gate = value;
        return this;
    }

    /** Sets what the analysis checks concluded. */
    public Given analysis(AnalysisObservation value) {
        analysis = value;
        return this;
    }

    /** ADVANCED mode: the policy hands over through the gate. */
    public Given gated() {
        return policy(p -> p.gatedHandover(true));
    }

    /** Decides at {@code T0 + offset}. */
    public Given after(Duration offset) {
        now = T0.plus(offset);
        return this;
    }

    /** Edits the policy. */
    public Given policy(UnaryOperator<TransitionPolicy.Builder> edit) {
        policy = edit.apply(policy);
        return this;
    }

    /** The record as built so far. */
    public TransitionRecord record() {
        return record.build();
    }

    /** The observation as built so far. */
    public Observation observation() {
        return new Observation(
                new DesiredSpec(desiredRef, change, suspendedSpec, stateless),
                children.get(Color.BLUE),
                children.get(Color.GREEN),
                snapshot,
                new Commands(promote, abort, paused),
                now,
                gate,
                analysis);
    }

    /** Runs this scenario's engine once on another record and observation. */
    public Plan decideWith(TransitionRecord other, Observation observation) {
        return new TransitionEngine(policy.build()).decide(other, observation);
    }

    /** Runs the engine once. */
    public Plan decide() {
        return new TransitionEngine(policy.build()).decide(record(), observation());
    }
}
