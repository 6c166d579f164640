import pino from "pino";
import { processSingleton } from "./process-singleton";

function createLogger(): pino.Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");
  // JSON in production builds, readable lines in development.
  if (process.env.NODE_ENV === "production" || process.env.LOG_FORMAT === "json") {
    return pino({ level, base: undefined });
  }
  return pino({
    level,
    base: undefined,
    transport: {
      target: "pino-pretty",
      options: { colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname" },
    },
  });
}

/** The process-wide logger (pino). */
export function getLogger(): pino.Logger {
  return processSingleton("logger", createLogger);
}
