package dev.bluegreen.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class StateTableTest {
    private static final Map<String, Function<Color, Given>> FIXTURES = StateTableFixtures.all();

    static Stream<Arguments> rows() {
        return StateTable.rows().stream()
                .map(row -> Arguments.of(row.from() + " | " + row.when(), row));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyRowIsReachedByItsFixture(String name, StateTable.Row row) {
        // Given
        var fixture = FIXTURES.get(row.roleKey());
        assertThat(fixture).as("fixture for row '%s'", row.roleKey()).isNotNull();
        Given given = fixture.apply(row.from().namedColor());
        assertThat(given.record().state()).isEqualTo(row.from());

        // When
        Plan plan = given.decide();

        // Then
        PlanAssert.assertThat(plan).movesTo(row.to()).because(row.reason());
    }

    @Test
    void everyFixtureBelongsToARow() {
        var keys =
                StateTable.roleRows().stream()
                        .map(StateTable.RoleRow::key)
                        .collect(Collectors.toSet());
        assertThat(FIXTURES.keySet()).allSatisfy(key -> assertThat(keys).contains(key));
    }

    @Test
    void roleRowsHaveUniqueConditions() {
        var keys = StateTable.roleRows().stream().map(StateTable.RoleRow::key).toList();
        assertThat(keys).doesNotHaveDuplicates();
    }

    @Test
    void containsFindsExpandedRowsForBothColours() {
        assertThat(
                        StateTable.contains(
                                BlueGreenState.TRANSITIONING_TO_GREEN,
                                Reason.TRAFFIC_SWITCHED,
                                BlueGreenState.RETIRING_BLUE))
                .isTrue();
        assertThat(
                        StateTable.contains(
                                BlueGreenState.TRANSITIONING_TO_BLUE,
                                Reason.TRAFFIC_SWITCHED,
                                BlueGreenState.RETIRING_GREEN))
                .isTrue();
        assertThat(
                        StateTable.contains(
                                BlueGreenState.ACTIVE_BLUE,
                                Reason.TRAFFIC_SWITCHED,
                                BlueGreenState.RETIRING_BLUE))
                .isFalse();
    }

    @Test
    void everyStateHasRows() {
        var froms =
                StateTable.rows().stream().map(StateTable.Row::from).collect(Collectors.toSet());
        assertThat(froms).containsExactlyInAnyOrder(BlueGreenState.values());
    }
}
