package dev.bluegreen.gate.table.bench;

import org.apache.flink.api.common.io.OutputFormat;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.OutputFormatProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Benchmark support: a sink connector {@code timed-blackhole} that discards every row, like Flink's
 * {@code blackhole}, and notes when its first row arrived and when its input ended ({@link
 * System#nanoTime()}, and the CPU time per row of the thread that writes, in this JVM: the
 * MiniCluster runs in the benchmark's JVM). Parallelism 1 only (one writer per job); no options.
 */
public final class TimedBlackholeFactory implements DynamicTableSinkFactory {
    static final AtomicLong FIRST_ROW = new AtomicLong();
    static final AtomicLong INPUT_ENDED = new AtomicLong();
    static final AtomicLong FLOW_CPU = new AtomicLong();
    static final AtomicLong FLOW_CPU_ROWS = new AtomicLong();

    /** The writer reads its thread's CPU time at every this many rows (a power of two). */
    static final long CPU_SAMPLE_ROWS = 1 << 16;

    /** Clears the times before a job. */
    static void reset() {
        FIRST_ROW.set(0);
        INPUT_ENDED.set(0);
        FLOW_CPU.set(0);
        FLOW_CPU_ROWS.set(0);
    }

    /** First row to end of input of the last job, wall-clock ns. */
    static long flowNanos() {
        return INPUT_ENDED.get() - FIRST_ROW.get();
    }

    /**
     * The CPU time per row of the thread that wrote the rows in the last job, ns: read in that
     * thread at its first row and at every {@value #CPU_SAMPLE_ROWS}th row after it. With a single
     * chained task that thread runs the whole pipeline (source, operators, sink), so this is the
     * job's per-row work without the time other processes held the core. NaN for a job of fewer
     * rows than one sample.
     */
    static double flowCpuNanosPerRow() {
        return (double) FLOW_CPU.get() / FLOW_CPU_ROWS.get();
    }

    @Override
    public String factoryIdentifier() {
        return "timed-blackhole";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.createTableFactoryHelper(this, context).validate();
        return new TimedBlackhole();
    }

    private static final class TimedBlackhole implements DynamicTableSink {
        @Override
        public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
            return ChangelogMode.insertOnly();
        }

        @Override
        public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
            return OutputFormatProvider.of(new TimedFormat());
        }

        @Override
        public DynamicTableSink copy() {
            return new TimedBlackhole();
        }

        @Override
        public String asSummaryString() {
            return "timed-blackhole";
        }
    }

    /** Discards rows; its first write and its close (the end of input) are noted. */
    private static final class TimedFormat implements OutputFormat<RowData> {
        private long first;
        private long firstCpu;
        private long rows;

        @Override
        public void configure(Configuration parameters) {}

        @Override
        public void open(InitializationContext context) {}

        @Override
        public void writeRecord(RowData row) {
            if (first == 0) {
                first = System.nanoTime();
                firstCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            } else if ((++rows & (CPU_SAMPLE_ROWS - 1)) == 0) {
                long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                FLOW_CPU.set(cpu - firstCpu);
                FLOW_CPU_ROWS.set(rows);
            }
        }

        @Override
        public void close() {
            INPUT_ENDED.set(System.nanoTime());
            FIRST_ROW.set(first);
        }
    }
}
