package dev.bluegreen.core;

import java.util.Objects;

/**
 * What the user asked for, reduced to what the engine needs.
 *
 * @param ref an opaque, deterministic reference to the desired spec (e.g. a hash of its JSON); two
 *     equal specs have equal refs
 * @param change how the desired spec differs from the last stable spec ({@link
 *     ChangeKind#TRANSITION} when there is no stable spec yet)
 * @param suspended whether the desired spec asks for the job to be suspended
 * @param stateless whether the desired spec's upgrade mode is STATELESS: a transition then takes no
 *     hand-over savepoint; the new child starts from the spec's {@code initialSavepointPath} if one
 *     is set, else empty ({@code RestoreFrom.SPEC_INITIAL_SAVEPOINT}, like upstream FLINK-38867)
 */
public record DesiredSpec(String ref, ChangeKind change, boolean suspended, boolean stateless) {
    public DesiredSpec {
        Objects.requireNonNull(ref, "ref == null");
        Objects.requireNonNull(change, "change == null");
    }
}
