package dev.bluegreen.core;

import dev.bluegreen.core.BlueGreenState.Role;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static dev.bluegreen.core.BlueGreenState.Role.INITIALIZING;

/**
 * The engine's state table as data: every (from, when, to, reason) the engine can decide. Rows are
 * written once per {@link Role} ({@link #roleRows()}) with the target colour relative to the colour
 * in the source state's name, and expanded to both colours ({@link #rows()}). {@code
 * StateTableTest} drives {@link TransitionEngine#decide} to every row; {@code
 * docs/state-machine.md} is generated from it. Immutable and thread-safe.
 */
public final class StateTable {

    /**
     * One concrete row.
     *
     * @param from the state decided in
     * @param when the condition, in words
     * @param to the next state
     * @param reason the reason of the plan
     */
    public record Row(BlueGreenState from, String when, BlueGreenState to, Reason reason) {
        public Row {
            Objects.requireNonNull(from, "from == null");
            Objects.requireNonNull(when, "when == null");
            Objects.requireNonNull(to, "to == null");
            Objects.requireNonNull(reason, "reason == null");
        }

        /** A key that identifies the role-level row this row was expanded from. */
        public String roleKey() {
            return from.role() + ": " + when;
        }
    }

    /**
     * One colour-independent row. Colour X is the colour in the source state's name ({@code
     * TRANSITIONING_TO_X}, {@code RETIRING_X}, {@code ACTIVE_X}, ...); the target state is the
     * {@code to} role in X, or in X's opposite when {@code opposite}.
     *
     * @param from the role decided in
     * @param when the condition, in words
     * @param to the role of the next state
     * @param opposite whether the next state's named colour is the opposite of X
     * @param reason the reason of the plan
     */
    public record RoleRow(Role from, String when, Role to, boolean opposite, Reason reason) {
        /** The role-level key, equal to {@link Row#roleKey()} of its expansions. */
        public String key() {
            return from + ": " + when;
        }

        /** This row for the source colour {@code x}. */
        public Row forColor(Color x) {
            return new Row(state(from, x), when, state(to, opposite ? x.opposite() : x), reason);
        }

        private static BlueGreenState state(Role role, Color color) {
            return role == INITIALIZING
                    ? BlueGreenState.INITIALIZING_BLUE
                    : BlueGreenState.of(role, color);
        }
    }

    private static final List<RoleRow> ROLE_ROWS = StateTableRows.ALL;
    private static final List<Row> ROWS = expand(ROLE_ROWS);

    private StateTable() {}

    /** The colour-independent rows, in table order. */
    public static List<RoleRow> roleRows() {
        return ROLE_ROWS;
    }

    /** Every concrete row: each role row for blue, then for green (initializing: blue only). */
    public static List<Row> rows() {
        return ROWS;
    }

    /** Whether some row goes from {@code from} to {@code to} with {@code reason}. */
    public static boolean contains(BlueGreenState from, Reason reason, BlueGreenState to) {
        for (Row row : ROWS) {
            if (row.from == from && row.reason == reason && row.to == to) {
                return true;
            }
        }
        return false;
    }

    private static List<Row> expand(List<RoleRow> roleRows) {
        var rows = new ArrayList<Row>();
        for (Color color : Color.values()) {
            for (RoleRow r : roleRows) {
                if (r.from != INITIALIZING || color == Color.BLUE) {
                    rows.add(r.forColor(color));
                }
            }
        }
        return List.copyOf(rows);
    }
}
