package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamNode;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The job graph: stable uids for restored operators, a per-colour uid for the sink. */
class KafkaCountingJobTest {

    private static List<String> uids(String color, String... extraArgs) {
        var env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        String[] args = new String[extraArgs.length + 2];
        args[0] = "--bootstrap-servers";
        args[1] = "localhost:9092";
        System.arraycopy(extraArgs, 0, args, 2, extraArgs.length);
        KafkaCountingJob.build(env, KafkaJobArgs.parse(args), ColorScope.fixed(color));
        return env.getStreamGraph().getStreamNodes().stream()
                .map(StreamNode::getTransformationUID)
                .filter(uid -> uid != null)
                .sorted()
                .toList();
    }

    @Test
    void sinkUidIsPerColourAndEveryOtherUidIsShared() {
        // the sink's committer (which restores committables) derives its uid from the sink's
        assertThat(uids("green"))
                .containsExactly(
                        "BlueGreenGate",
                        "Sink Committer: kafka-sink-green",
                        "count",
                        "kafka-sink-green",
                        "kafka-source");
        assertThat(uids("blue")).contains("kafka-sink-blue", "Sink Committer: kafka-sink-blue");
        assertThat(uids(null))
                .containsExactly(
                        "BlueGreenGate",
                        "Sink Committer: kafka-sink",
                        "count",
                        "kafka-sink",
                        "kafka-source");
    }

    @Test
    void faultIsAnOperatorOnlyWhenAsked() {
        assertThat(uids("blue", "--fail-after-records", "10")).contains("fault");
    }
}
