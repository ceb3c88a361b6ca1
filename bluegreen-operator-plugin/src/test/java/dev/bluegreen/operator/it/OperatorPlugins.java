package dev.bluegreen.operator.it;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.core.plugin.DefaultPluginManager;
import org.apache.flink.core.plugin.DirectoryBasedPluginFinder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Flink's plugin manager over a plugins folder, set up as the upstream operator sets up the one
 * that loads listeners: Flink's parent-first patterns plus {@code io.fabric8} and {@code
 * com.fasterxml} (the operator's {@code ListenerUtils} adds those two).
 */
public final class OperatorPlugins {
    private OperatorPlugins() {}

    /** The plugin manager over the sub-folders of {@code plugins}. */
    public static DefaultPluginManager manager(Path plugins) throws IOException {
        var conf = new Configuration();
        conf.set(
                CoreOptions.PLUGIN_ALWAYS_PARENT_FIRST_LOADER_PATTERNS_ADDITIONAL,
                List.of("io.fabric8", "com.fasterxml"));
        return new DefaultPluginManager(
                new DirectoryBasedPluginFinder(plugins).findPlugins(),
                CoreOptions.getPluginParentFirstLoaderPatterns(conf));
    }
}
