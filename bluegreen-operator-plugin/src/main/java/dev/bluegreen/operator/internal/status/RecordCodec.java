package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionStatus;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Converter between the engine's {@link TransitionRecord} and its persisted form {@link
 * TransitionStatus} ({@code status.transition}). {@code read(statusWith(write(r)))} equals {@code
 * r} for every record. Stateless and thread-safe.
 */
public final class RecordCodec {

    /** The status field the record lives in, used in errors. */
    public static final String FIELD = "status.transition";

    private RecordCodec() {}

    /**
     * Reads the persisted record of a resource.
     *
     * @param status the resource's status, or {@code null}
     * @return the record; {@link TransitionRecord#initial()} when the status or its {@code
     *     transition} is absent
     * @throws InvalidStatusException naming the field when a value is malformed (an unknown state,
     *     colour or restore kind, an unparsable instant, a negative transition number, a savepoint
     *     job id or path without a snapshot name, or a restore path that does not match restore)
     */
    public static TransitionRecord read(FlinkBlueGreenDeploymentStatus status) {
        TransitionStatus t = status == null ? null : status.getTransition();
        if (t == null) {
            return TransitionRecord.initial();
        }
        var builder = fields(t);
        var restore = restore(t);
        return builder.restore(restore).restorePath(t.getRestorePath()).build();
    }

    /** Every field but the restore point, read in field order (the first bad one is reported). */
    private static TransitionRecord.Builder fields(TransitionStatus t) {
        return new TransitionRecord.Builder()
                .state(requiredEnum(BlueGreenState.class, t.getState(), "state"))
                .transitionNumber(transitionNumber(t.getTransitionNumber()))
                .stableSpecRef(t.getStableSpecRef())
                .targetSpecRef(t.getTargetSpecRef())
                .failedSpecRef(t.getFailedSpecRef())
                .trafficColor(optionalEnum(Color.class, t.getTrafficColor(), "trafficColor"))
                .outputOwner(optionalEnum(Color.class, t.getOutputOwner(), "outputOwner"))
                .savepoint(savepoint(t))
                .phaseStartedAt(instant(t.getPhaseStartedAt(), "phaseStartedAt"))
                .deadline(instant(t.getDeadline(), "deadline"))
                .readySince(instant(t.getReadySince(), "readySince"))
                .trafficSwitchedAt(instant(t.getTrafficSwitchedAt(), "trafficSwitchedAt"))
                .handledPromote(t.getHandledPromote())
                .handledAbort(t.getHandledAbort());
    }

    /** The restore kind, checked against the restore path. */
    private static Action.RestoreFrom restore(TransitionStatus t) {
        var restore = optionalEnum(Action.RestoreFrom.class, t.getRestore(), "restore");
        if ((restore == Action.RestoreFrom.PATH) != (t.getRestorePath() != null)) {
            throw new InvalidStatusException(
                    FIELD + ".restorePath",
                    "must be set exactly when restore is PATH, got restore "
                            + restore
                            + " and restorePath "
                            + quote(t.getRestorePath()));
        }
        return restore;
    }

    /**
     * The persisted form of a record.
     *
     * @param record the record to persist, not null
     * @return a new status object holding every field of the record
     * @throws NullPointerException if {@code record} is null
     */
    public static TransitionStatus write(TransitionRecord record) {
        Objects.requireNonNull(record, "record == null");
        var t = new TransitionStatus();
        t.setState(record.state().name());
        t.setTransitionNumber(record.transitionNumber());
        t.setStableSpecRef(record.stableSpecRef());
        t.setTargetSpecRef(record.targetSpecRef());
        t.setFailedSpecRef(record.failedSpecRef());
        t.setTrafficColor(name(record.trafficColor()));
        t.setOutputOwner(name(record.outputOwner()));
        writeSavepoint(record, t);
        t.setPhaseStartedAt(text(record.phaseStartedAt()));
        t.setDeadline(text(record.deadline()));
        t.setReadySince(text(record.readySince()));
        t.setTrafficSwitchedAt(text(record.trafficSwitchedAt()));
        t.setHandledPromote(record.handledPromote());
        t.setHandledAbort(record.handledAbort());
        t.setRestore(name(record.restore()));
        t.setRestorePath(record.restorePath());
        return t;
    }

    private static void writeSavepoint(TransitionRecord record, TransitionStatus t) {
        if (record.savepoint() != null) {
            t.setSavepointSnapshot(record.savepoint().snapshotName());
            t.setSavepointJobId(record.savepoint().sourceJobId());
            t.setSavepointPath(record.savepoint().path());
        }
    }

    private static long transitionNumber(Long value) {
        if (value == null || value < 0) {
            throw new InvalidStatusException(
                    FIELD + ".transitionNumber", "expected a number >= 0, got " + value);
        }
        return value;
    }

    private static TransitionRecord.SavepointRef savepoint(TransitionStatus t) {
        if (t.getSavepointSnapshot() == null) {
            if (t.getSavepointJobId() != null || t.getSavepointPath() != null) {
                throw new InvalidStatusException(
                        FIELD + ".savepointSnapshot",
                        "required when savepointJobId or savepointPath is set");
            }
            return null;
        }
        return new TransitionRecord.SavepointRef(
                t.getSavepointSnapshot(), t.getSavepointJobId(), t.getSavepointPath());
    }

    private static <E extends Enum<E>> E requiredEnum(Class<E> type, String value, String field) {
        if (value == null) {
            throw new InvalidStatusException(
                    FIELD + "." + field, "required, one of " + Arrays.toString(constants(type)));
        }
        return optionalEnum(type, value, field);
    }

    private static <E extends Enum<E>> E optionalEnum(Class<E> type, String value, String field) {
        if (value == null) {
            return null;
        }
        for (E constant : constants(type)) {
            if (constant.name().equals(value)) {
                return constant;
            }
        }
        throw new InvalidStatusException(
                FIELD + "." + field,
                "expected one of " + Arrays.toString(constants(type)) + ", got " + quote(value));
    }

    private static <E extends Enum<E>> E[] constants(Class<E> type) {
        return type.getEnumConstants();
    }

    private static Instant instant(String value, String field) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new InvalidStatusException(
                    FIELD + "." + field,
                    "cannot parse " + quote(value) + " as an ISO-8601 instant");
        }
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static String name(Enum<?> value) {
        return value == null ? null : value.name();
    }

    private static String quote(String value) {
        return value == null ? "null" : "\"" + value + "\"";
    }
}
