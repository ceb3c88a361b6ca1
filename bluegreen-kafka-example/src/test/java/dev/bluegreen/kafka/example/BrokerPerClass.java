package dev.bluegreen.kafka.example;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * Test support: the base of the ITs that share one real KRaft broker (child JVM) per class, started
 * before the first test and stopped after the last; each test takes fresh topics from {@link
 * #pipeline}.
 */
abstract class BrokerPerClass {
    @TempDir static Path brokerDir;
    static KafkaPipeline pipeline;

    @BeforeAll
    static void startBroker() throws Exception {
        pipeline = KafkaPipeline.start(brokerDir);
    }

    @AfterAll
    static void stopBroker() {
        if (pipeline != null) {
            pipeline.close();
        }
    }
}
