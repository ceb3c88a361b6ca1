package dev.bluegreen.example;

import dev.bluegreen.gate.flink.BlueGreenGate;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/**
 * The example stateful job: a deterministic, replayable event-time source (parallelism 1), a
 * per-key counter in keyed state, the blue/green gate and a line-per-record file sink. Arguments:
 * see {@link JobArgs} and docs/example-job.md.
 */
public final class CountingJob {
    /**
     * Job configuration key of the injected fault (records per run before the job throws); the
     * local stand-in sets it from its fault settings. The {@code --fail-after-records} argument
     * wins when both are set.
     */
    public static final ConfigOption<Long> FAIL_AFTER_RECORDS =
            ConfigOptions.key("bluegreen.standin.fail-after-records")
                    .longType()
                    .noDefaultValue()
                    .withDescription("Records per run after which the example job throws.");

    /**
     * Start of the job's name ({@code bluegreen-example-<version>}) when the configuration has no
     * {@code pipeline.name}.
     */
    public static final String JOB_NAME_PREFIX = "bluegreen-example-";

    private CountingJob() {}

    /**
     * Runs the job in the environment Flink provides (a cluster, the stand-in or a local one).
     *
     * @throws IllegalArgumentException for bad arguments
     * @throws Exception when the job fails
     */
    public static void main(String[] args) throws Exception {
        var env = StreamExecutionEnvironment.getExecutionEnvironment();
        JobArgs parsed = withConfiguredFault(JobArgs.parse(args), env.getConfiguration());
        build(env, parsed);
        env.execute(jobName(parsed, env.getConfiguration()));
    }

    /**
     * The job's name: {@code pipeline.name} from the configuration when set (the Flink Kubernetes
     * Operator sets it to the FlinkDeployment's name unless the spec does), else {@code
     * bluegreen-example-<version>}. Flink's metric reporters label every job series with it ({@code
     * job_name}).
     */
    public static String jobName(JobArgs args, ReadableConfig config) {
        return config.getOptional(PipelineOptions.NAME).orElse(JOB_NAME_PREFIX + args.version());
    }

    /** {@code args} with the fault from {@code config} unless the arguments set one already. */
    public static JobArgs withConfiguredFault(JobArgs args, ReadableConfig config) {
        if (args.failAfterRecords().isPresent()) {
            return args;
        }
        return config.getOptional(FAIL_AFTER_RECORDS).map(args::withFailAfterRecords).orElse(args);
    }

    /**
     * Adds the pipeline to {@code env}: source, optional fault, keyed counter, the blue/green gate
     * (a pass-through without {@code bluegreen.gate.color} in the configuration), sink.
     */
    public static void build(StreamExecutionEnvironment env, JobArgs args) {
        DataStream<String> counted =
                events(env, args)
                        .keyBy(event -> event.key)
                        .process(new PerKeyCounter(args.version()))
                        .uid("count");
        // The blue/green gate (docs/gate.md): a pass-through unless the controller sets a colour.
        BlueGreenGate.apply(counted)
                .sinkTo(new LineFileSink(args.output(), args.version()))
                .uid("sink");
    }

    /**
     * The generated events with their watermarks, through the optional fault and the error signal
     * (a pass-through that reports the simulated errors of {@code --error-rate}).
     */
    private static DataStream<Event> events(StreamExecutionEnvironment env, JobArgs args) {
        WatermarkStrategy<Event> watermarks =
                WatermarkStrategy.<Event>forBoundedOutOfOrderness(
                                Duration.ofMillis(args.maxOutOfOrdernessMs()))
                        .withTimestampAssigner((event, previous) -> event.eventTime);
        DataStream<Event> events =
                env.fromSource(source(args), watermarks, "events").uid("events").setParallelism(1);
        if (args.failAfterRecords().isPresent()) {
            events =
                    events.map(new FailAfterRecords(args.failAfterRecords().getAsLong()))
                            .uid("fault")
                            .setParallelism(1);
        }
        return events.map(new ErrorSignal(args.errors()))
                .uid("errors")
                .name("errors")
                .setParallelism(1);
    }

    private static DataGeneratorSource<Event> source(JobArgs args) {
        var generator = new EventGenerator(args.keys(), args.rate(), args.maxOutOfOrdernessMs());
        return new DataGeneratorSource<>(
                generator,
                Long.MAX_VALUE,
                RateLimiterStrategy.perSecond(args.rate()),
                TypeInformation.of(Event.class));
    }
}
