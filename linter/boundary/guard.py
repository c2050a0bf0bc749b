"""``@guard(schema)``: put the boundary in front of a plain Python function."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from .outcome import Outcome
from .tool import ToolBoundary


def guard(schema: Any, **options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Check every call of the decorated function against ``schema`` first.

    The guarded function takes the model's arguments either as one object (a dict or
    JSON text, as tool calls arrive) or as keywords. A call that may proceed runs the
    function with the final arguments as keywords; a rejected call returns the
    envelope instead, which is the tool result the model should see. ``options`` are
    :class:`ToolBoundary`'s (``name`` defaults to the function's name); the boundary is
    available as ``.boundary`` on the wrapper.
    """

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        boundary = ToolBoundary(schema, **{"name": function.__name__, **options})

        def admit(args: tuple, kwargs: dict) -> Outcome:
            if len(args) > 1 or (args and kwargs):
                raise TypeError(f"{boundary.name}() takes its arguments as one object or as keywords, not both")
            return boundary.check(args[0] if args else kwargs)

        def runnable(outcome: Outcome) -> bool:
            # In observe mode an unparseable call still "proceeds", but it cannot become keywords.
            return outcome.proceed and isinstance(outcome.arguments, dict)

        if inspect.iscoroutinefunction(function):
            @functools.wraps(function)
            async def guarded_async(*args: Any, **kwargs: Any) -> Any:
                outcome = admit(args, kwargs)
                return await function(**outcome.arguments) if runnable(outcome) else outcome.envelope
            wrapper: Any = guarded_async
        else:
            @functools.wraps(function)
            def guarded(*args: Any, **kwargs: Any) -> Any:
                outcome = admit(args, kwargs)
                return function(**outcome.arguments) if runnable(outcome) else outcome.envelope
            wrapper = guarded
        wrapper.boundary = boundary
        return wrapper

    return decorate
