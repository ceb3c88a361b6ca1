package dev.bluegreen.demo.summary;

/**
 * The job of a FlinkDeployment the parent adopted as blue, read before and after the adoption: its
 * job id and the deployment's {@code metadata.generation}. Equal values mean the adoption did not
 * touch the spec and did not restart the job.
 *
 * @param name the adopted deployment's name, e.g. {@code orders-live}
 * @param jobIdBefore {@code status.jobStatus.jobId} before the parent was applied
 * @param jobIdAfter the same once the parent was {@code ACTIVE_BLUE} with it as its active child
 * @param generationBefore {@code metadata.generation} before
 * @param generationAfter {@code metadata.generation} after
 */
public record AdoptedJob(
        String name,
        String jobIdBefore,
        String jobIdAfter,
        long generationBefore,
        long generationAfter) {

    /** Whether job id and generation are the same after the adoption (and the job id known). */
    public boolean untouched() {
        return !jobIdBefore.isEmpty()
                && jobIdBefore.equals(jobIdAfter)
                && generationBefore == generationAfter;
    }
}
