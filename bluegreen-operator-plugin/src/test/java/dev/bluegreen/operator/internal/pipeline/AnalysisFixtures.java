package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.core.analysis.MetricRequest;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.AnalysisSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.WebProviderSpec;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/** Parents with analysis checks, and a fake {@link CheckRunner} that counts its calls. */
final class AnalysisFixtures {
    static final Instant NOW = Observations.NOW;

    private AnalysisFixtures() {}

    /** A check {@code name} measured by a webhook every {@code interval}, {@code count} times. */
    static AnalysisCheck check(String name, String interval, int count) {
        var web = new WebProviderSpec();
        web.setUrl("http://checks.shop/" + name);
        var provider = new AnalysisProviderSpec();
        provider.setWeb(web);
        var check = new AnalysisCheck();
        check.setName(name);
        check.setProvider(provider);
        check.setInterval(interval);
        check.setCount(count);
        return check;
    }

    /**
     * A parent {@code orders} moving from blue to green (transition {@code number}), green stable
     * and running since {@code readySince}, with the pre-promotion {@code checks}.
     */
    static FlinkBlueGreenDeployment preParent(
            long number, Instant readySince, AnalysisCheck... checks) {
        var parent = Observations.parent(BlueGreenState.TRANSITIONING_TO_GREEN, Map.of());
        var analysis = new AnalysisSpec();
        analysis.setPrePromotion(List.of(checks));
        parent.getSpec().setAnalysis(analysis);
        var record =
                TransitionRecord.initial().toBuilder()
                        .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                        .transitionNumber(number)
                        .stableSpecRef("stable")
                        .targetSpecRef(target(parent))
                        .trafficColor(Color.BLUE)
                        .phaseStartedAt(readySince.minus(Duration.ofMinutes(1)))
                        .readySince(readySince)
                        .build();
        parent.getStatus().setTransition(RecordCodec.write(record));
        return parent;
    }

    /**
     * A parent {@code orders} that switched from blue to green at {@code switchedAt} and retires
     * blue (transition {@code number}), with the post-promotion {@code checks}.
     */
    static FlinkBlueGreenDeployment postParent(
            long number, Instant switchedAt, AnalysisCheck... checks) {
        var parent = Observations.parent(BlueGreenState.RETIRING_BLUE, Map.of());
        var analysis = new AnalysisSpec();
        analysis.setPostPromotion(List.of(checks));
        parent.getSpec().setAnalysis(analysis);
        var record =
                TransitionRecord.initial().toBuilder()
                        .state(BlueGreenState.RETIRING_BLUE)
                        .transitionNumber(number)
                        .stableSpecRef("stable")
                        .targetSpecRef(target(parent))
                        .trafficColor(Color.GREEN)
                        .phaseStartedAt(switchedAt)
                        .trafficSwitchedAt(switchedAt)
                        .build();
        parent.getStatus().setTransition(RecordCodec.write(record));
        return parent;
    }

    /** The ref of {@code parent}'s spec: the target of its transition. */
    static String target(FlinkBlueGreenDeployment parent) {
        return SpecJson.ref(SpecJson.tree(parent.getSpec()));
    }

    /** A fake runner: answers the scripted measurements in order (then successes), counts calls. */
    static final class Runner implements CheckRunner {
        final List<String> measured = new ArrayList<>();
        final List<MetricRequest> requests = new ArrayList<>();
        final Deque<Measurement> script = new ArrayDeque<>();

        /** The next call answers {@code phase} with {@code value}. */
        Runner then(MeasurementPhase phase, String value) {
            script.add(new Measurement(NOW, phase, value, ""));
            return this;
        }

        @Override
        public Measurement measure(AnalysisCheck check, MetricRequest request, Instant now) {
            measured.add(check.getName());
            requests.add(request);
            Measurement next = script.poll();
            return next == null
                    ? new Measurement(now, MeasurementPhase.SUCCESSFUL, "[1]", "")
                    : new Measurement(now, next.phase(), next.value(), next.message());
        }
    }
}
