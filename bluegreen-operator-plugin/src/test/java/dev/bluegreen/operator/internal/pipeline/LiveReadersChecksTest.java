package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.operator.internal.analysis.CheckRunners;
import dev.bluegreen.operator.internal.observe.ChildJob;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live readers open the check runner of a reconcile with the parent's running jobs by child
 * name (the flink provider's REST APIs), read from the cached children.
 */
class LiveReadersChecksTest {
    @Test
    void theRunnerFindsARunningChildsJobByItsNameAndNothingForAnAbsentOne() {
        var opened = new AtomicReference<Function<String, ChildJob>>();
        CheckRunners runners =
                (client, jobs) -> {
                    opened.set(jobs);
                    return CheckRunners.unavailable().open(client, jobs);
                };
        var readers =
                new LiveReaders(
                        null,
                        null,
                        (namespace, child, port) ->
                                URI.create("http://" + child + "-rest." + namespace + ":" + port),
                        null,
                        null,
                        runners);
        var parent = Observations.parent(BlueGreenState.TRANSITIONING_TO_GREEN, Map.of());
        var children = Map.of("orders-green", Observations.running("orders-green", "g1"));

        readers.checks(parent, children::get);

        ChildJob green = opened.get().apply("orders-green");
        assertThat(green.color()).isEqualTo(Color.GREEN);
        assertThat(green.jobId()).isEqualTo("g1");
        assertThat(green.rest().toString()).startsWith("http://orders-green-rest.shop:");
        assertThat(opened.get().apply("orders-blue")).isNull();
    }
}
