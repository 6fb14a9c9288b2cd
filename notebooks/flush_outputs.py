"""nbconvert's executor, waiting for each cell's last outputs before the next cell starts.

Deno's kernel queues a cell's displays and prints for a loop of its own to publish, and reports
the cell finished (status idle) without waiting for that queue to empty. nbconvert takes the idle
status as the end of the cell's outputs, so whatever was still queued is lost: on a busy machine,
a cell's last chart. Each output reaches the client in the order the cell queued it, so after a
cell this executor asks the kernel to queue a marker message of its own and keeps collecting the
cell's outputs until the marker arrives.

notebooks/run.ts puts this folder on PYTHONPATH and names FlushingExecutePreprocessor in place of
nbconvert's --execute; every ExecutePreprocessor option applies to it unchanged.
"""

from queue import Empty
from time import monotonic

from nbclient.exceptions import CellTimeoutError
from nbclient.util import ensure_async, run_sync
from nbconvert.preprocessors import ExecutePreprocessor

MARKER = "parlor_outputs_flushed"
MARKER_CODE = f'await Deno.jupyter.broadcast("{MARKER}", {{}});'

# Messages that tell of a request's progress rather than carry an output of the cell.
PROGRESS = ("status", "execute_input")


class FlushingExecutePreprocessor(ExecutePreprocessor):
    _cell_request = None

    def process_message(self, msg, cell, cell_index):
        # Every executed cell gets at least its idle status through here: the request it answers is
        # the one whose late outputs belong to the cell.
        self._cell_request = msg["parent_header"].get("msg_id")
        return super().process_message(msg, cell, cell_index)

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        self._cell_request = None
        cell = await super().async_execute_cell(cell, cell_index, execution_count, store_history)
        if self._cell_request is not None:
            await self._collect_late_outputs(self._cell_request, cell, cell_index)
        return cell

    execute_cell = run_sync(async_execute_cell)

    async def _collect_late_outputs(self, cell_request, cell, cell_index):
        # Silent: the marker's request takes no execution count. The kernel publishes what it
        # dequeues under the request running at the time, so the cell's outputs may come under
        # either request.
        marker_request = await ensure_async(self.kc.execute(MARKER_CODE, silent=True, store_history=False))
        deadline = monotonic() + self.iopub_timeout
        marked = idle = False
        while not (marked and idle):
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=max(0, deadline - monotonic())))
            except Empty:
                raise CellTimeoutError.error_from_timeout_and_cell(
                    "Timeout waiting for the cell's last outputs", self.iopub_timeout, cell
                )
            request = msg["parent_header"].get("msg_id")
            kind = msg["msg_type"]
            if request == marker_request:
                if kind == MARKER:
                    marked = True
                elif kind == "status":
                    idle = msg["content"].get("execution_state") == "idle"
                elif kind == "error":
                    raise RuntimeError(f"the kernel could not send the end-of-outputs marker: {msg['content'].get('evalue')}")
                elif kind not in PROGRESS:
                    super().process_message(msg, cell, cell_index)
            elif request == cell_request and kind not in PROGRESS:
                super().process_message(msg, cell, cell_index)
