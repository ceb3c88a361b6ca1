package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.example.OutputAudit;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The example job's own pipeline: its event-time source runs inside the job and its sink writes
 * {@code *.csv} files into one directory, which the demo empties first, polls and audits.
 */
final class FilePipeline implements Pipeline {
    private final Path output;

    /**
     * @param output the jobs' output directory (emptied by {@link #prepare})
     */
    FilePipeline(Path output) {
        this.output = output;
    }

    @Override
    public FlinkBlueGreenDeployment prepare(FlinkBlueGreenDeployment parent) {
        Directories.recreate(output);
        return ParentSpec.withArg(parent, "--output", output.toString());
    }

    @Override
    public OutputProgress progress(String version) {
        return OutputProgress.of(output, version);
    }

    @Override
    public OptionalLong stopInput() {
        return OptionalLong.empty();
    }

    @Override
    public AuditCounts audit() {
        return OutputCounts.of(OutputAudit.lines(output), 0);
    }

    @Override
    public String describe() {
        return output.toAbsolutePath().normalize().toString();
    }

    @Override
    public void close() {
        // nothing runs outside the jobs
    }
}
