package dev.bluegreen.operator.controller;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Reason;
import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.observe.SourceBacklog;
import dev.bluegreen.operator.internal.spec.GateConfig;
import dev.bluegreen.operator.internal.spec.Owners;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * One memory per parent: every part the controller keeps between reconciles is a field of {@code
 * ParentMemory.Kept}, filled through its view, and one {@code forget} drops all of it (and the
 * parent's meter series and in-JVM gate channel), leaving other parents alone.
 */
class ParentMemoryTest {
    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final ParentMemory memory = ParentMemory.forController(registry);
    final BlueGreenMetrics metrics = new BlueGreenMetrics(registry, memory);
    final FlinkBlueGreenDeployment orders = parent("orders");
    final FlinkBlueGreenDeployment other = parent("other");

    @AfterEach
    void removeChannels() {
        InMemoryGateChannel.remove(channel(orders));
        InMemoryGateChannel.remove(channel(other));
    }

    @Test
    void theTestFillsEveryPartOfTheMemory() throws IllegalAccessException {
        rememberEverything(orders);

        // a part added to Kept and not filled above (so not known to be forgotten) fails here
        for (Field part : parts()) {
            assertThat(filled(part.get(memory.peek(orders)))).as(part.getName()).isTrue();
        }
    }

    @Test
    void forgetDropsEveryPartOfTheParentAndLeavesOtherParentsAlone() throws IllegalAccessException {
        rememberEverything(orders);
        rememberEverything(other);
        var ordersChannel = InMemoryGateChannel.named(channel(orders));
        var otherChannel = InMemoryGateChannel.named(channel(other));

        memory.forget(orders);

        assertThat(memory.peek(orders)).isNull();
        assertThat(memory.size()).isEqualTo(1);
        for (Field part : parts()) {
            assertThat(filled(part.get(memory.peek(other)))).as(part.getName()).isTrue();
        }
        assertThat(registry.find(ParentStates.STATE).tag("name", "orders").gauges()).isEmpty();
        assertThat(registry.find(ParentStates.STATE).tag("name", "other").gauges()).hasSize(1);
        assertThat(InMemoryGateChannel.named(channel(orders))).isNotSameAs(ordersChannel);
        assertThat(InMemoryGateChannel.named(channel(other))).isSameAs(otherChannel);
    }

    @Test
    void theMemoryHoldsNothingButItsEntriesAndWhatItForgetsOutside() {
        var fields =
                Arrays.stream(ParentMemory.class.getDeclaredFields())
                        .filter(f -> !Modifier.isStatic(f.getModifiers()))
                        .map(Field::getName)
                        .toList();

        assertThat(fields).containsExactlyInAnyOrder("parents", "outside");
    }

    /** A map or collection kept elsewhere in the controller would be a memory not forgotten. */
    @Test
    void noOtherClassOfTheControllerKeepsACollection() {
        var classes =
                new ClassFileImporter()
                        .withImportOption(new ImportOption.DoNotIncludeTests())
                        .importPackages("dev.bluegreen.operator.controller");
        var keeping =
                classes.stream()
                        .filter(c -> !c.reflect().isRecord()) // values, made per reconcile
                        .flatMap(c -> c.getFields().stream())
                        .filter(f -> !f.getModifiers().contains(JavaModifier.STATIC))
                        .filter(ParentMemoryTest::isCollection)
                        .map(f -> f.getOwner().getSimpleName() + "." + f.getName())
                        .toList();

        // per-parent state lives in ParentMemory.Kept; a window's readings are one of its parts;
        // the extensions by name are fixed at startup, not per parent
        assertThat(keeping)
                .containsExactlyInAnyOrder(
                        "ParentMemory.parents",
                        "ParentMemory.outside",
                        "Kept.deletedChildren",
                        "Window.readings",
                        "Extensions.byName");
    }

    @Test
    void everyViewNeedsAMemory() {
        List<ThrowingCallable> views =
                List.of(
                        () -> new StatusWrites(null),
                        () -> new RestingParents(null),
                        () -> new DeletedChildren(null),
                        () -> new BacklogWindows(null),
                        () -> new BlueGreenMetrics(registry, null));

        assertThat(views)
                .allSatisfy(
                        view ->
                                assertThatNullPointerException()
                                        .isThrownBy(view)
                                        .withMessage("memory == null"));
        assertThatNullPointerException()
                .isThrownBy(() -> ParentMemory.forController(null))
                .withMessage("registry == null");
    }

    /** Fills every part of {@code parent}'s memory through its view. */
    private void rememberEverything(FlinkBlueGreenDeployment parent) {
        new StatusWrites(memory).wrote(parent);
        var inputs =
                RestingParents.inputs(
                        parent, name -> null, LiveTraffic.NONE, SpecValidator.withoutSchema());
        new RestingParents(memory)
                .decided(
                        parent,
                        inputs,
                        new Applied(List.of(), List.of(), Set.of(), null, null),
                        true);
        new DeletedChildren(memory)
                .deleted(parent, DeletedChildrenTest.child(parent.getMetadata().getName(), "u1"));
        new BacklogWindows(memory)
                .add(
                        ParentMemory.key(parent),
                        "job-1",
                        T0,
                        new SourceBacklog(10L, "pendingRecords"),
                        Duration.ofSeconds(30));
        new MeterScenario(metrics, "ns", parent.getMetadata().getName())
                .to(BlueGreenState.SAVEPOINTING_BLUE, Reason.SAVEPOINT_REQUESTED, 1);
        InMemoryGateChannel.named(channel(parent));
    }

    private static List<Field> parts() {
        return Arrays.stream(ParentMemory.Kept.class.getDeclaredFields())
                .filter(f -> !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic())
                .peek(f -> f.setAccessible(true))
                .toList();
    }

    private static boolean filled(Object part) {
        if (part instanceof Map<?, ?> map) {
            return !map.isEmpty();
        }
        if (part instanceof Collection<?> collection) {
            return !collection.isEmpty();
        }
        return part != null;
    }

    private static boolean isCollection(JavaField field) {
        JavaClass type = field.getRawType();
        return type.isAssignableTo(Map.class) || type.isAssignableTo(Collection.class);
    }

    private static String channel(FlinkBlueGreenDeployment parent) {
        return GateConfig.channelName(Owners.of(parent));
    }

    private static FlinkBlueGreenDeployment parent(String name) {
        var parent = DeletedChildrenTest.parent("ns", name);
        parent.getMetadata().setResourceVersion("7");
        return parent;
    }
}
