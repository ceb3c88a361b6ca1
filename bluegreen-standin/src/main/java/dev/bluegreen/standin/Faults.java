package dev.bluegreen.standin;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Faults to inject into named FlinkDeployments, set by tests. Annotations on a FlinkDeployment do
 * the same ({@value #FAIL_AFTER_RECORDS}, {@value #FAIL_SAVEPOINTS}, {@value #START_DELAY}, {@value
 * #KILL_TASK_MANAGER_WHEN_FILE}); a fault set either way applies. Faults that shape the job ({@code
 * failAfterRecords}, {@code delayStart}) apply from the job's next start; {@code failSavepoints}
 * applies to snapshots not yet triggered. Thread-safe.
 */
public final class Faults {
    /** Annotation: the job fails after this many records per run, e.g. {@code "500"}. */
    public static final String FAIL_AFTER_RECORDS = "standin.bluegreen.dev/fail-after-records";

    /** Annotation: {@code "true"} makes the deployment's snapshots end FAILED. */
    public static final String FAIL_SAVEPOINTS = "standin.bluegreen.dev/fail-savepoints";

    /** Annotation: delay before the job is submitted, e.g. {@code "20s"}, {@code "500ms"}. */
    public static final String START_DELAY = "standin.bluegreen.dev/start-delay";

    /**
     * Annotation: once this file exists, the running job's TaskManager is killed, e.g. {@code
     * "/tmp/kill-green"} (an absolute path). With no restart strategy the job ends FAILED; its open
     * Kafka transactions are aborted, as when a TaskManager's pod dies.
     */
    public static final String KILL_TASK_MANAGER_WHEN_FILE =
            "standin.bluegreen.dev/kill-task-manager-when-file";

    private final Map<String, FaultSettings> byDeployment = new ConcurrentHashMap<>();

    Faults() {}

    /**
     * The job of {@code namespace/name} fails (job FAILED, lifecycle FAILED) after {@code records}
     * records of a run.
     *
     * @throws IllegalArgumentException when records is not positive
     */
    public void failAfterRecords(String namespace, String name, long records) {
        if (records <= 0) {
            throw new IllegalArgumentException(
                    "failAfterRecords: expected a positive number, got " + records);
        }
        update(namespace, name, f -> f.withFailAfterRecords(records));
    }

    /** Snapshots of {@code namespace/name} end FAILED with an error. */
    public void failSavepoints(String namespace, String name) {
        update(namespace, name, FaultSettings::withFailSavepoints);
    }

    /**
     * The job of {@code namespace/name} is submitted {@code delay} after its deployment; in between
     * its status is DEPLOYED with job RECONCILING, as while a JobManager starts.
     *
     * @throws IllegalArgumentException when the delay is negative
     */
    public void delayStart(String namespace, String name, Duration delay) {
        if (delay == null || delay.isNegative()) {
            throw new IllegalArgumentException(
                    "delayStart: expected a duration >= 0, got " + delay);
        }
        update(namespace, name, f -> f.withStartDelay(delay));
    }

    /**
     * The TaskManager of {@code namespace/name}'s running job is killed once {@code file} exists
     * (once per run).
     *
     * @throws IllegalArgumentException when the file is not an absolute path
     */
    public void killTaskManagerWhenFile(String namespace, String name, Path file) {
        if (file == null || !file.isAbsolute()) {
            throw new IllegalArgumentException(
                    "killTaskManagerWhenFile: expected an absolute path, got " + file);
        }
        update(namespace, name, f -> f.withKillTaskManagerWhenFile(file));
    }

    /** Removes every fault set through this API for {@code namespace/name}. */
    public void clear(String namespace, String name) {
        byDeployment.remove(key(namespace, name));
    }

    FaultSettings of(String namespace, String name) {
        return byDeployment.getOrDefault(key(namespace, name), FaultSettings.NONE);
    }

    private void update(
            String namespace, String name, java.util.function.UnaryOperator<FaultSettings> change) {
        byDeployment.compute(
                key(namespace, name),
                (k, old) -> change.apply(old == null ? FaultSettings.NONE : old));
    }

    private static String key(String namespace, String name) {
        return namespace + "/" + name;
    }
}
