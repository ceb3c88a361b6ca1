package dev.bluegreen.demo.scenario;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where the demo works, what its jobs read and write, and how long its phases may take.
 *
 * @param out working directory: {@code work/} (the stand-in's checkpoints and savepoints) and the
 *     pipeline's own ({@code output/} for files, {@code kafka/} for the broker) are emptied and
 *     created under it
 * @param usrlib the directory holding the job jar ({@link PipelineKind#jobJar()})
 * @param deployBound blue deployed and active
 * @param upgradeBound from the upgrade until green is active and blue deleted
 * @param stepBound any other phase (writing, catching up, suspending)
 * @param recordsPerPhase output records each version must write before the demo moves on
 * @param advanced ADVANCED mode (the gate hands the output over) instead of BASIC
 * @param pipeline files (the example job) or Kafka topics (the Kafka example job)
 * @param adopt run a plain FlinkDeployment first and let the parent adopt it as blue
 * @param analysis run pre- and post-promotion checks against a real Prometheus, turn green bad
 *     after the switch and follow the automatic rollback ({@link AnalysisRollback})
 * @param greenFailure whether green fails for good after the cut, and how (Kafka, ADVANCED: the
 *     controller hands the output back to blue, {@link GreenFails})
 */
public record DemoSettings(
        Path out,
        Path usrlib,
        Duration deployBound,
        Duration upgradeBound,
        Duration stepBound,
        long recordsPerPhase,
        boolean advanced,
        PipelineKind pipeline,
        boolean adopt,
        boolean analysis,
        GreenFailure greenFailure) {

    /**
     * The defaults: BASIC, files, no adoption, no analysis, 90 s to deploy, 120 s to upgrade, 60 s
     * per other phase, 600 records per phase.
     */
    public static DemoSettings defaults(Path out, Path usrlib) {
        return new DemoSettings(
                out,
                usrlib,
                Duration.ofSeconds(90),
                Duration.ofSeconds(120),
                Duration.ofSeconds(60),
                600,
                false,
                PipelineKind.FILES,
                false,
                false,
                GreenFailure.NONE);
    }

    /** These settings in {@code mode}, {@code BASIC} or {@code ADVANCED}. */
    public DemoSettings inMode(String mode) {
        return new DemoSettings(
                out,
                usrlib,
                deployBound,
                upgradeBound,
                stepBound,
                recordsPerPhase,
                mode.equals("ADVANCED"),
                pipeline,
                adopt,
                analysis,
                greenFailure);
    }

    /** These settings with {@code records} per phase (a shorter run, e.g. in tests). */
    public DemoSettings withRecordsPerPhase(long records) {
        return new DemoSettings(
                out,
                usrlib,
                deployBound,
                upgradeBound,
                stepBound,
                records,
                advanced,
                pipeline,
                adopt,
                analysis,
                greenFailure);
    }

    /** These settings with the jobs reading and writing {@code kind}. */
    public DemoSettings withPipeline(PipelineKind kind) {
        return new DemoSettings(
                out,
                usrlib,
                deployBound,
                upgradeBound,
                stepBound,
                recordsPerPhase,
                advanced,
                kind,
                adopt,
                analysis,
                greenFailure);
    }

    /** These settings with a plain FlinkDeployment first that the parent adopts as blue. */
    public DemoSettings withAdoption() {
        return new DemoSettings(
                out,
                usrlib,
                deployBound,
                upgradeBound,
                stepBound,
                recordsPerPhase,
                advanced,
                pipeline,
                true,
                analysis,
                greenFailure);
    }

    /**
     * These settings with analysis checks against a real Prometheus and a green that turns bad
     * after the switch ({@link AnalysisRollback}).
     */
    public DemoSettings withAnalysis() {
        return new DemoSettings(
                out,
                usrlib,
                deployBound,
                upgradeBound,
                stepBound,
                recordsPerPhase,
                advanced,
                pipeline,
                adopt,
                true,
                greenFailure);
    }

    /** These settings with green failing for good after the cut, as {@code failure} says. */
    public DemoSettings withGreenFailure(GreenFailure failure) {
        return new DemoSettings(
                out,
                usrlib,
                deployBound,
                upgradeBound,
                stepBound,
                recordsPerPhase,
                advanced,
                pipeline,
                adopt,
                analysis,
                failure);
    }

    /** {@code BASIC} or {@code ADVANCED}. */
    public String mode() {
        return advanced ? "ADVANCED" : "BASIC";
    }
}
