package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.ChangeKind;

import java.util.Arrays;
import java.util.Objects;

/**
 * The mapping of bluegreen-diff's change kinds onto bluegreen-core's: one to one by name (the two
 * enums are kept apart so that neither module depends on the other). ChangesTest checks every
 * value, so a kind added to one enum only fails the build, not a reconcile.
 */
final class Changes {
    private Changes() {}

    /**
     * Returns the core kind of the same name.
     *
     * @param kind a kind of bluegreen-diff, not null
     * @throws IllegalStateException naming the kind if core has none of that name
     */
    static ChangeKind toCore(dev.bluegreen.diff.ChangeKind kind) {
        Objects.requireNonNull(kind, "kind == null");
        return coreKind(kind.name());
    }

    /** The core kind named {@code name}; the failure names the diff kind that has no match. */
    static ChangeKind coreKind(String name) {
        for (ChangeKind core : ChangeKind.values()) {
            if (core.name().equals(name)) {
                return core;
            }
        }
        throw new IllegalStateException(
                "dev.bluegreen.diff.ChangeKind."
                        + name
                        + " has no dev.bluegreen.core.ChangeKind of the same name (core has "
                        + Arrays.toString(ChangeKind.values())
                        + ")");
    }
}
