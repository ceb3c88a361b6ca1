package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChangeKind;
import dev.bluegreen.core.DesiredSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The small spec model of a simulation, standing in for bluegreen-diff. A spec is a
 * <em>version</em> (a numbered sequence; each version has the {@link ChangeKind} it differs from
 * the previous one by, and an upgrade mode) plus a suspended flag. Its ref is {@code v<version>} or
 * {@code v<version>-suspended}, so equal specs have equal refs and resuming restores the earlier
 * ref.
 *
 * <p>How the change of a desired spec against a stable spec is derived (mirroring a diff whose
 * {@link ChangeKind} constants are ordered by precedence):
 *
 * <ol>
 *   <li>no stable spec: {@link ChangeKind#TRANSITION};
 *   <li>equal refs: {@link ChangeKind#IGNORE};
 *   <li>different suspended flags: {@link ChangeKind#SUSPEND} or {@link ChangeKind#RESUME} (the
 *       highest precedence);
 *   <li>otherwise the highest kind of the versions between the two (either direction: reverting a
 *       change is a change of the same kind).
 * </ol>
 *
 * <p>Not thread-safe.
 */
final class SpecCatalog {
    private record Version(ChangeKind kind, boolean stateless) {}

    private final List<Version> versions = new ArrayList<>();
    private int current = -1;
    private boolean suspended;

    /** Whether the first spec has been written. */
    boolean deployed() {
        return current >= 0;
    }

    /** Writes the first spec and returns its ref. */
    String deploy(boolean suspendedSpec, boolean stateless) {
        if (deployed()) {
            throw new IllegalStateException("the spec is already deployed: " + currentRef());
        }
        versions.add(new Version(ChangeKind.TRANSITION, stateless));
        current = 0;
        suspended = suspendedSpec;
        return currentRef();
    }

    /**
     * Changes the desired spec by {@code kind} and returns the new ref. SUSPEND and RESUME flip the
     * suspended flag (no-op if already so) and keep the upgrade mode; other kinds add a version
     * with the given upgrade mode.
     */
    String change(ChangeKind kind, boolean stateless) {
        if (!deployed()) {
            throw new IllegalStateException("changeSpec(" + kind + ") before deploy()");
        }
        switch (kind) {
            case SUSPEND -> suspended = true;
            case RESUME -> suspended = false;
            default -> {
                versions.add(new Version(kind, stateless));
                current = versions.size() - 1;
            }
        }
        return currentRef();
    }

    /** The ref of the desired spec. */
    String currentRef() {
        return ref(current, suspended);
    }

    /** The desired spec, classified against the stable spec {@code stableRef} (may be null). */
    DesiredSpec desired(String stableRef) {
        return new DesiredSpec(
                currentRef(),
                classify(stableRef, currentRef()),
                suspended,
                versions.get(current).stateless());
    }

    /** Whether {@code ref} names a spec of this catalog. */
    boolean known(String ref) {
        return ref != null && parseVersion(ref) >= 0;
    }

    /** Whether the spec {@code ref} asks for a suspended job; {@code ref} must be known. */
    boolean suspended(String ref) {
        return ref.endsWith("-suspended");
    }

    /** How {@code to} differs from {@code from} (see the class comment). */
    ChangeKind classify(String from, String to) {
        if (from == null || !known(from)) {
            return ChangeKind.TRANSITION;
        }
        if (from.equals(to)) {
            return ChangeKind.IGNORE;
        }
        if (suspended(from) != suspended(to)) {
            return suspended(to) ? ChangeKind.SUSPEND : ChangeKind.RESUME;
        }
        return largestChange(
                Math.min(parseVersion(from), parseVersion(to)),
                Math.max(parseVersion(from), parseVersion(to)));
    }

    /** The largest change kind of the versions after {@code a} up to {@code b}. */
    private ChangeKind largestChange(int a, int b) {
        ChangeKind max = ChangeKind.IGNORE;
        for (int v = a + 1; v <= b; v++) {
            ChangeKind kind = versions.get(v).kind();
            max = kind.compareTo(max) > 0 ? kind : max;
        }
        return max;
    }

    private static String ref(int version, boolean suspendedSpec) {
        return "v" + version + (suspendedSpec ? "-suspended" : "");
    }

    private int parseVersion(String ref) {
        if (!ref.startsWith("v")) {
            return -1;
        }
        String digits = ref.substring(1).replace("-suspended", "");
        try {
            int version = Integer.parseInt(digits);
            return version < versions.size() && ref.equals(ref(version, suspended(ref)))
                    ? version
                    : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
