package dev.bluegreen.demo.summary;

import java.util.Map;
import java.util.TreeMap;

/**
 * The measurements one analysis check took in a run, as the timeline saw them.
 *
 * @param stage {@code prePromotion} or {@code postPromotion}
 * @param check the check's name
 * @param byPhase how many measurements ended in each phase ({@code Successful}, {@code Failed}...)
 * @param lastPhase the phase of the last measurement
 * @param lastValue the value of the last measurement; may be empty
 */
public record CheckResult(
        String stage,
        String check,
        Map<String, Integer> byPhase,
        String lastPhase,
        String lastValue) {
    /** Copies the map, sorted by phase. */
    public CheckResult {
        byPhase = Map.copyOf(new TreeMap<>(byPhase));
    }

    /** All measurements. */
    public int measurements() {
        return byPhase.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** E.g. {@code 2 Successful, 2 Failed}, phases in alphabetical order. */
    public String counts() {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(byPhase)
                .forEach(
                        (phase, count) ->
                                text.append(text.isEmpty() ? "" : ", ")
                                        .append(count)
                                        .append(' ')
                                        .append(phase));
        return text.toString();
    }
}
