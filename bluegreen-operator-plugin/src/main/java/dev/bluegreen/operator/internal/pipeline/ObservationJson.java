package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.pipeline.decide.ParentObservation;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * A recorded observation as JSON: the observation, the time it was decided at, and the decision it
 * gave (next state, actions, reason, why it was held). The gate's commands and reports are written
 * in their text form, times as ISO-8601. Thread-safe.
 */
public final class ObservationJson {
    /**
     * One recorded decision.
     *
     * @param now the time of the reconcile
     * @param observation what it observed
     * @param decision what it decided
     */
    public record Recorded(Instant now, ParentObservation observation, Outcome decision) {}

    /**
     * The parts of a decision a recording keeps and a replay compares.
     *
     * @param state the state the plan moves to
     * @param actions the plan's actions, in their text form
     * @param reason the plan's reason
     * @param blocked why the plan is held, or {@code null}
     */
    public record Outcome(String state, List<String> actions, String reason, String blocked) {
        /** The parts of {@code decision}. */
        public static Outcome of(Decision decision) {
            var plan = decision.plan();
            return new Outcome(
                    plan.record().state().name(),
                    plan.actions().stream().map(Object::toString).toList(),
                    plan.reason().name(),
                    decision.blocked() == null ? null : decision.blocked().reason());
        }
    }

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .registerModule(module())
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ObservationJson() {}

    /** {@code recorded} as indented JSON. */
    public static String write(Recorded recorded) {
        try {
            return MAPPER.writeValueAsString(recorded);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("observation not serializable: " + e.getMessage(), e);
        }
    }

    /**
     * The recording {@code json} names.
     *
     * @throws IllegalArgumentException naming what could not be read
     */
    public static Recorded read(String json) {
        try {
            return MAPPER.readValue(json, Recorded.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a recorded observation: " + e.getMessage(), e);
        }
    }

    private static SimpleModule module() {
        var module = new SimpleModule("recorded-observations");
        text(module, GateCommand.class, GateCommand::toText, GateCommand::parse);
        text(module, GateReport.class, GateReport::toText, GateReport::parse);
        text(module, Instant.class, Instant::toString, Instant::parse);
        return module;
    }

    private static <T> void text(
            SimpleModule module, Class<T> type, Function<T, String> out, Function<String, T> in) {
        module.addSerializer(type, writer(out));
        module.addDeserializer(type, reader(in));
    }

    private static <T> JsonSerializer<T> writer(Function<T, String> out) {
        return new JsonSerializer<>() {
            @Override
            public void serialize(T value, JsonGenerator gen, SerializerProvider sp)
                    throws IOException {
                gen.writeString(out.apply(value));
            }
        };
    }

    private static <T> JsonDeserializer<T> reader(Function<String, T> in) {
        return new JsonDeserializer<>() {
            @Override
            public T deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
                return in.apply(p.getValueAsString());
            }
        };
    }
}
