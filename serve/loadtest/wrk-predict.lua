-- wrk script for single-row POST /predict requests to a model of 10 inputs, such as the one
-- `loadtest -save-model m.json` writes:
--
--   loadtest -save-model /tmp/m.json
--   sparsekernel serve -model /tmp/m.json -addr 127.0.0.1:8080 &
--   nice -n 10 wrk -t1 -c8 -d10s --latency -s serve/loadtest/wrk-predict.lua http://127.0.0.1:8080/predict
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"rows":[[1.229,2.4179,2.9519,4.4245,2.399,4.2232,-4.7099,-0.3438,4.4336,1.4897]]}'
