package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.BlueGreenState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each state needs to see: the one declared table of the reads of the observe stage. A read
 * that costs a request (an API GET, a REST call) is made only in the rows and under the condition
 * the table names; the informer-cache reads cost nothing. Rendered into docs/controller.md by
 * {@code StateReadsDocTest}; each row is tested against the observe stage ({@code ObserveTest}).
 * Pure.
 */
public final class StateReads {
    /** The name of the row of a parent whose adoption is pending (whatever its state). */
    public static final String ADOPTION_PENDING = "adoption pending";

    /** What a read costs. */
    public enum Cost {
        /** From an informer's cache (or memory): no request. */
        CACHE,
        /** A request to the API server or a child's JobManager REST API. */
        REQUEST
    }

    /** One thing the observe stage reads. */
    public enum Read {
        PARENT("the parent (a GET only right after the controller's own status write)", Cost.CACHE),
        CHILDREN("both child FlinkDeployments", Cost.CACHE),
        TRAFFIC("the parent Ingress and HTTPRoute", Cost.CACHE),
        INSTALLED_APIS("the FlinkDeployment CRD's schema (one GET per 5 min)", Cost.CACHE),
        SNAPSHOT("the hand-over FlinkStateSnapshot", Cost.CACHE),
        ADOPTION_CANDIDATE("the FlinkDeployment to adopt", Cost.REQUEST),
        GATE_CHANNEL("the gate channel and the children's gate reports", Cost.REQUEST),
        READINESS(
                "the children's source backlog and checkpoints (with an extension, all of them and"
                        + " the incoming job's restarts)",
                Cost.REQUEST),
        QUOTA("the namespace's ResourceQuota headroom", Cost.REQUEST),
        ANALYSIS(
                "the due analysis checks' providers (Prometheus, webhooks, the children's REST"
                        + " APIs, extensions)",
                Cost.REQUEST);

        private final String what;
        private final Cost cost;

        Read(String what, Cost cost) {
            this.what = what;
            this.cost = cost;
        }

        /** What is read. */
        public String what() {
            return what;
        }

        /** What the read costs. */
        public Cost cost() {
            return cost;
        }
    }

    /** When a read of a row is made. */
    public enum When {
        ALWAYS("always"),
        ADVANCED("in ADVANCED mode"),
        WAITING_FOR_READINESS("when the incoming child is stable and running and a check needs it"),
        RECORD_NAMES_A_SNAPSHOT("when the record names a hand-over snapshot"),
        PLAN_STARTS_A_NEW_CHILD("when the plan starts a child that does not exist yet"),
        ANALYSIS_DUE(
                "when `spec.analysis` has checks for the stage the record runs and one is due"),
        NEVER("never");

        private final String text;

        When(String text) {
            this.text = text;
        }

        /** How the docs say it. */
        public String text() {
            return text;
        }

        boolean holds(Conditions c) {
            return switch (this) {
                case ALWAYS -> true;
                case ADVANCED -> c.advanced();
                case WAITING_FOR_READINESS -> c.waitingForReadiness();
                case RECORD_NAMES_A_SNAPSHOT -> c.recordNamesASnapshot();
                case PLAN_STARTS_A_NEW_CHILD -> c.startsANewChild();
                case ANALYSIS_DUE -> c.analysisDue();
                case NEVER -> false;
            };
        }
    }

    /** What the conditions of {@link When} are for one reconcile. */
    public record Conditions(
            boolean advanced,
            boolean waitingForReadiness,
            boolean recordNamesASnapshot,
            boolean startsANewChild,
            boolean analysisDue) {}

    /** One row: a state (or {@link #ADOPTION_PENDING}) and when it makes each read. */
    public record Row(String state, Map<Read, When> reads) {

        /** The reads this row makes under {@code conditions}. */
        public Set<Read> under(Conditions conditions) {
            Set<Read> made = EnumSet.noneOf(Read.class);
            reads.forEach(
                    (read, when) -> {
                        if (when.holds(conditions)) {
                            made.add(read);
                        }
                    });
            return made;
        }
    }

    /** The table, in the order of {@link BlueGreenState}, the adoption row last. */
    public static final List<Row> ROWS = rows();

    private StateReads() {}

    /** The row of a parent in {@code state}. */
    public static Row of(BlueGreenState state) {
        return ROWS.get(state.ordinal());
    }

    /** The row of a parent whose adoption is pending. */
    public static Row adoptionPending() {
        return ROWS.get(ROWS.size() - 1);
    }

    private static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (BlueGreenState state : BlueGreenState.values()) {
            boolean transitioning = state.role() == BlueGreenState.Role.TRANSITIONING;
            boolean analysed = transitioning || state.role() == BlueGreenState.Role.RETIRING;
            rows.add(
                    row(
                            state.name(),
                            When.RECORD_NAMES_A_SNAPSHOT,
                            When.NEVER,
                            When.ADVANCED,
                            transitioning ? When.WAITING_FOR_READINESS : When.NEVER,
                            When.PLAN_STARTS_A_NEW_CHILD,
                            analysed ? When.ANALYSIS_DUE : When.NEVER));
        }
        rows.add(
                row(
                        ADOPTION_PENDING,
                        When.NEVER,
                        When.ALWAYS,
                        When.NEVER,
                        When.NEVER,
                        When.NEVER,
                        When.NEVER));
        return Collections.unmodifiableList(rows);
    }

    /** A row that reads the parent, children, traffic objects and installed APIs always. */
    private static Row row(
            String state,
            When snapshot,
            When adoption,
            When gate,
            When readiness,
            When quota,
            When analysis) {
        Map<Read, When> reads = new EnumMap<>(Read.class);
        reads.put(Read.PARENT, When.ALWAYS);
        reads.put(Read.CHILDREN, When.ALWAYS);
        reads.put(Read.TRAFFIC, When.ALWAYS);
        reads.put(Read.INSTALLED_APIS, When.ALWAYS);
        reads.put(Read.SNAPSHOT, snapshot);
        reads.put(Read.ADOPTION_CANDIDATE, adoption);
        reads.put(Read.GATE_CHANNEL, gate);
        reads.put(Read.READINESS, readiness);
        reads.put(Read.QUOTA, quota);
        reads.put(Read.ANALYSIS, analysis);
        return new Row(state, Collections.unmodifiableMap(reads));
    }
}
